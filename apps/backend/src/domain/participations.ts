import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { escapeLike } from '../resources/values.js';

/**
 * Participations in trainings and events (training_participations with their session, model,
 * agent and his sponsor): the team training report and the personal training history.
 */

/** Spec part 2 §2: the participant statuses as the page shows them. */
export const PARTICIPANT_LABELS: Record<string, string> = {
  TRAINED: 'Consultant',
  INVITED: 'Invité',
  COHOST: 'Co-animateur',
  HOST: 'Animateur',
  TRAINER: 'Formateur',
};

export const PARTICIPATIONS_FROM = sql`
  from training_participations p
  join training_sessions s on s.id = p.session_id
  join training_models m on m.id = s.model_id
  join agents a on a.id = p.agent_id
  left join agents sp on sp.id = a.sponsor_id`;

export const contains = (expr: SQL, value: string) =>
  sql`lower(${expr}) like lower(${`%${escapeLike(value)}%`})`;

export interface ParticipationRow {
  id: string;
  exercice: number;
  consultant: { fullName: string; idCgp: string };
  parrain: string | null;
  formation: string | null;
  event: string | null;
  ville: string;
  dateDebut: string;
  statutParticipant: string;
  statutInscription: string;
  registerDate: string;
  validationFormation: boolean;
}

export async function participationRows(
  db: Database,
  where: SQL,
  order: SQL,
  page: { limit: number; offset: number } | null,
): Promise<{ rows: ParticipationRow[]; total: number }> {
  const limit = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const result = await db.execute(sql`
    select p.uuid::text as id, s.exercice, a.cgp_id, a.firstname, a.lastname,
      sp.firstname as sponsor_firstname, sp.lastname as sponsor_lastname,
      m.name as model, m.category, s.city, to_char(s.start_date, 'YYYY-MM-DD') as start_date,
      p.status_participant, p.status_inscription,
      to_char(p.registered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as registered_at,
      p.validated, count(*) over () as total
    ${PARTICIPATIONS_FROM}
    where ${where}
    order by ${order} ${limit}`);
  const raw = rowsOf<Record<string, unknown>>(result);
  return {
    total: raw.length ? Number(raw[0]!.total) : 0,
    rows: raw.map((row) => ({
      id: String(row.id),
      exercice: Number(row.exercice),
      consultant: {
        fullName: `${String(row.firstname)} ${String(row.lastname)}`,
        idCgp: String(row.cgp_id),
      },
      parrain:
        row.sponsor_lastname == null
          ? null
          : `${String(row.sponsor_firstname)} ${String(row.sponsor_lastname)}`,
      formation: row.category === 'FORMATION' ? String(row.model) : null,
      event: row.category === 'EVENT' ? String(row.model) : null,
      ville: String(row.city),
      dateDebut: String(row.start_date),
      statutParticipant: String(row.status_participant),
      statutInscription: String(row.status_inscription),
      registerDate: String(row.registered_at),
      validationFormation: Boolean(row.validated),
    })),
  };
}
