import { asc, sql, type SQL } from 'drizzle-orm';
import { principalOf, type Principal } from '../auth/principal.js';
import type { Handler, HandlerContext } from '../contract.js';
import { rowsOf } from '../db/rows.js';
import { trainingModels } from '../db/schema.js';
import { currentExercice } from '../domain/exercice.js';
import {
  contains,
  PARTICIPANT_LABELS,
  PARTICIPATIONS_FROM,
  participationRows,
  type ParticipationRow,
} from '../domain/participations.js';
import { attachmentDisposition, type ExportColumn, xlsxStream } from '../exports/xlsx.js';
import { handListPaging, hydraCollectionBody, pagingOf } from '../resources/pagination.js';
import type { Deps, HandlerMap } from './deps.js';

/** Spec part 1 §9: 10 trainings are recommended per exercice. */
const RECOMMENDED_TRAININGS = 10;

export function listTrainingModels(deps: Deps): Handler<Principal> {
  return async () => {
    const models = await deps.db
      .select()
      .from(trainingModels)
      .orderBy(asc(trainingModels.name), asc(trainingModels.id));
    return {
      status: 200,
      body: {
        '@context': '/api/contexts/Model',
        '@id': '/api/models',
        '@type': 'hydra:Collection',
        'hydra:member': models.map((m) => ({
          '@id': `/api/models/${m.id}`,
          '@type': 'Model',
          ...m,
        })),
        'hydra:totalItems': models.length,
      },
    };
  };
}

/**
 * The caller's own participations (none for a user who is not an agent), narrowed by the
 * history's filters: `year` (exercice), `model[]`, `city`, `role`, `isValidated`.
 */
function historyWhere(context: HandlerContext<Principal>): SQL {
  const agentId = principalOf(context).user.agentId;
  if (agentId === null) return sql`false`;
  const query = context.query;
  const conditions: SQL[] = [sql`p.agent_id = ${agentId}`];
  if (query.year !== undefined) conditions.push(sql`s.exercice = ${Number(query.year)}`);
  const models = [query['model[]']]
    .flat()
    .filter((id) => id !== undefined)
    .map(Number);
  if (models.length)
    conditions.push(
      sql`m.id in (${sql.join(
        models.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (typeof query.city === 'string' && query.city.trim() !== '')
    conditions.push(contains(sql`s.city`, query.city.trim()));
  if (typeof query.role === 'string') conditions.push(sql`p.status_participant = ${query.role}`);
  if (query.isValidated === true || query.isValidated === 'true') conditions.push(sql`p.validated`);
  if (query.isValidated === false || query.isValidated === 'false')
    conditions.push(sql`not p.validated`);
  return sql.join(conditions, sql` and `);
}

const NEWEST_FIRST = sql`s.start_date desc, m.name, p.uuid`;

const historyItem = (row: ParticipationRow) => ({
  '@id': `/api/users/me/training-history/${row.id}`,
  '@type': 'TrainingHistory',
  uuid: row.id,
  training: row.formation,
  event: row.event,
  city: row.ville,
  date: row.dateDebut,
  status_participant: row.statutParticipant,
  status_inscription: row.statutInscription,
  isValidated: row.validationFormation,
  year: row.exercice,
});

const day = (value: string) => new Date(`${value}T00:00:00Z`);

/** The history grid's columns, in French. */
const HISTORY_COLUMNS: ExportColumn<ParticipationRow>[] = [
  { header: 'Exercice', value: (row) => row.exercice, format: 'integer', width: 10 },
  { header: 'Formation', value: (row) => row.formation ?? '', width: 32 },
  { header: 'Événement', value: (row) => row.event ?? '', width: 28 },
  { header: 'Ville', value: (row) => row.ville, width: 16 },
  { header: 'Date', value: (row) => day(row.dateDebut), format: 'date' },
  {
    header: 'Statut participant',
    value: (row) => PARTICIPANT_LABELS[row.statutParticipant] ?? row.statutParticipant,
    width: 16,
  },
  { header: 'Statut inscription', value: (row) => row.statutInscription, width: 16 },
  { header: 'Validée', value: (row) => (row.validationFormation ? 'Oui' : 'Non'), width: 8 },
];

/** The training API (training.yaml): the models and the caller's training history. */
export function trainingHandlers(deps: Deps): HandlerMap {
  const { db } = deps;
  return {
    listTrainingModels: listTrainingModels(deps),
    listMyTrainingHistory: async (context) => {
      const where = historyWhere(context);
      const paging = pagingOf(handListPaging(25), context.query);
      const { rows, total } = await participationRows(db, where, NEWEST_FIRST, paging);
      let totalItems = total;
      if (rows.length === 0 && paging.offset > 0) {
        const [count] = rowsOf<{ n: unknown }>(
          await db.execute(sql`select count(*) as n ${PARTICIPATIONS_FROM} where ${where}`),
        );
        totalItems = Number(count?.n ?? 0);
      }
      return {
        status: 200,
        body: hydraCollectionBody({
          url: context.request.url,
          path: '/api/users/me/training-history',
          type: 'TrainingHistory',
          members: rows.map(historyItem),
          totalItems,
          paging,
        }),
      };
    },
    getMyTrainingTotal: async (context) => {
      const agentId = principalOf(context).user.agentId;
      const year =
        context.query.year === undefined ? currentExercice() : Number(context.query.year);
      const [row] =
        agentId === null
          ? []
          : rowsOf<{ n: unknown }>(
              await db.execute(sql`
                select count(*) as n ${PARTICIPATIONS_FROM}
                where p.agent_id = ${agentId} and s.exercice = ${year}
                  and m.category = 'FORMATION' and p.validated`),
            );
      return {
        status: 200,
        body: { total: Number(row?.n ?? 0), year, recommended: RECOMMENDED_TRAININGS },
      };
    },
    exportMyTrainingHistory: async (context) => {
      const { rows } = await participationRows(db, historyWhere(context), NEWEST_FIRST, null);
      const file = xlsxStream({
        sheetName: 'Mes formations',
        columns: HISTORY_COLUMNS,
        rows: (async function* () {
          yield* rows;
        })(),
      });
      // Spec part 1 §9: this export's name is fixed.
      context.reply.header('Content-Disposition', attachmentDisposition('mes_formation.xlsx'));
      return { status: 200, body: file };
    },
  };
}
