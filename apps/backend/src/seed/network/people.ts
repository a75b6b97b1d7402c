import { Readable } from 'node:stream';
import { eq, inArray, isNotNull } from 'drizzle-orm';
import {
  dispatchInvoiceOutcomes,
  dispatchInvoiceRequests,
  invoices,
  mediaObjects,
  PARTICIPANT_STATUSES,
  prospectFiles,
  prospects,
  registrationReports,
  registrationStepStates,
  registrationSteps,
  STEP_STATUSES,
  trackingEvents,
  trackingSessions,
  trainingModels,
  trainingParticipations,
  trainingSessions,
  users,
  type Device,
  type StepStatus,
  type TrackingType,
} from '../../db/schema.js';
import { exerciceOf } from '../../domain/exercice.js';
import { columnsXlsx } from '../../exports/xlsx.js';
import { storedFileKey } from '../../files/staging.js';
import { zipFiles } from '../../files/zip.js';
import { dispatchMessages, MAPPING_COLUMNS } from '../../invoices/dispatch.js';
import { PROSPECT_FILES_FOLDER } from '../../resources/prospects.js';
import { CITIES, type NetworkAgent, type SeedContext } from './context.js';
import { pdf, seededStem } from './files.js';
import { insertMany, insertReturningIds } from './insert.js';
import { day } from './random.js';

export async function seedProspects(ctx: SeedContext, network: NetworkAgent[]) {
  const { db, random, faker } = ctx;
  const count = Math.round(500 * ctx.scale);
  const owners = network.map((_, i) => i).filter((i) => i < 4 || random.chance(0.6));
  const list = Array.from({ length: count }, (_, i) => {
    const agent = network[i < 40 ? 0 : random.pick(owners)]!;
    const created = day.add(ctx.today, -random.int(0, 500));
    return {
      agentId: agent.id,
      lastName: faker.person.lastName(),
      firstName: faker.person.firstName(),
      birthday: day.between(random, '1950-01-01', '2002-12-31'),
      createdAt: day.at(created, 10),
      updatedAt: day.at(day.min(day.add(created, random.int(0, 30)), ctx.today), 10),
      userId: agent.userId,
    };
  });
  const ids = await insertReturningIds(
    db,
    prospects,
    list.map(({ userId: _userId, ...row }) => row),
  );
  const files: {
    prospect: number;
    kind: 'RIC' | 'DER';
    media: typeof mediaObjects.$inferInsert;
  }[] = [];
  list.forEach((prospect, i) => {
    for (const kind of ['RIC', 'DER'] as const) {
      if (!random.chance(kind === 'RIC' ? 0.8 : 0.6)) continue;
      const label =
        kind === 'RIC' ? 'Recueil d’informations client' : 'Document d’entrée en relation';
      const content = pdf(`${label}`, [
        `${prospect.firstName} ${prospect.lastName}`,
        `Né(e) le ${prospect.birthday.split('-').reverse().join('/')}`,
      ]);
      // Named as an upload is (`prospects/<32 hex>.pdf`): GET /media/prospects/{file} serves
      // only that form.
      const path = storedFileKey(
        PROSPECT_FILES_FOLDER,
        seededStem(`prospect ${ids[i]} ${kind}`, content),
        'pdf',
      );
      files.push({
        prospect: ids[i]!,
        kind,
        media: {
          displayName: `${kind}_${prospect.lastName}.pdf`,
          filePath: path,
          mimeType: 'application/pdf',
          size: ctx.files.write(path, content),
          personId: prospect.userId,
          createdAt: prospect.createdAt,
        },
      });
    }
  });
  const mediaIds = await insertReturningIds(
    db,
    mediaObjects,
    files.map((f) => f.media),
  );
  await insertMany(
    db,
    prospectFiles,
    files.map((f, i) => ({ prospectId: f.prospect, kind: f.kind, mediaObjectId: mediaIds[i]! })),
  );
  ctx.rows += count + files.length * 2;
  ctx.log(`prospects : ${count} (${files.length} PDF RIC/DER)`);
}

/**
 * Monthly invoices as real PDFs. 12 months for everyone at scale 1; above, the span shrinks
 * (12 / scale months, at least 1) so the file count stays near 3,600.
 */
export async function seedInvoices(ctx: SeedContext, network: NetworkAgent[]) {
  const { db, random } = ctx;
  const months = Math.max(1, Math.floor(12 / Math.max(1, ctx.scale)));
  const [year, month] = ctx.today.split('-').map(Number) as [number, number];
  const rows: (typeof invoices.$inferInsert)[] = [];
  for (const agent of network) {
    const span = agent.cgpId === 'CGP0001' ? Math.max(months, 24) : months;
    for (let back = 1; back <= span; back++) {
      const index = year * 12 + (month - 1) - back;
      const y = Math.floor(index / 12);
      const m = (index % 12) + 1;
      const period = `${y}-${String(m).padStart(2, '0')}`;
      if (`${period}-28` < agent.registerDate) continue;
      const filename = `Facture_${agent.cgpId}_${period}.pdf`;
      const filePath = `invoices/${y}/${String(m).padStart(2, '0')}/${filename}`;
      const total = random.amount(300, 12_000, 0.01).toFixed(2);
      ctx.files.write(
        filePath,
        pdf(`Facture ${period}`, [
          `${agent.firstname} ${agent.lastname} (${agent.cgpId})`,
          `Commissions du mois : ${total} EUR`,
        ]),
      );
      rows.push({
        agentId: agent.id,
        year: y,
        month: m,
        filename,
        filePath,
        createdAt: day.at(`${period}-28`, 6),
      });
    }
  }
  await insertMany(db, invoices, rows);
  const requests = await seedDispatchRequests(ctx, network, rows);
  ctx.rows += rows.length + requests;
  ctx.log(`factures : ${rows.length} PDF (${months} mois par mandataire, 24 pour CGP0001)`);
}

/**
 * The dispatch page's history, as dispatches leave it: two completed (their report: a month's
 * invoices filed and one line refused), one failed, one cancelled, and one waiting whose zip
 * and mapping are real (this month's invoices of ten agents), so that 'Exécuter' files them.
 * Answers the rows written.
 */
async function seedDispatchRequests(
  ctx: SeedContext,
  network: NetworkAgent[],
  invoiceRows: (typeof invoices.$inferInsert)[],
): Promise<number> {
  const { db } = ctx;
  const statuses = ['COMPLETED', 'COMPLETED', 'FAILED', 'CANCELLED', 'WAITING'] as const;
  // Sent on the 28th of each of the last months, the waiting one yesterday; named by the month.
  const sentOn = (i: number) =>
    i === statuses.length - 1
      ? day.add(ctx.today, -1)
      : `${day.add(ctx.today, -30 * (statuses.length - 1 - i)).slice(0, 7)}-28`;
  const requestIds = await insertReturningIds(
    db,
    dispatchInvoiceRequests,
    statuses.map((status, i) => {
      const on = sentOn(i);
      const ran = status === 'COMPLETED' || status === 'FAILED';
      return {
        status,
        invoicesFilePath: `dispatch/${i + 1}/factures.zip`,
        mappingFilePath: `dispatch/${i + 1}/correspondance.xlsx`,
        invoicesFileName: `factures_${on.slice(0, 7)}.zip`,
        mappingFileName: `correspondance_${on.slice(0, 7)}.xlsx`,
        createdAt: day.at(on, 9),
        startedAt: ran ? day.at(on, 9, 5) : null,
        completedAt: status === 'WAITING' ? null : day.at(on, ran ? 9 : 11, ran ? 6 : 0),
        error: status === 'FAILED' ? dispatchMessages.zipMissing : null,
      };
    }),
  );

  // A completed request filed the month before it, 20 agents' invoices, and refused a line.
  let written = statuses.length;
  for (const [i, status] of statuses.entries()) {
    if (status !== 'COMPLETED') continue;
    // The month before the one it was sent in.
    const period = day.add(`${sentOn(i).slice(0, 7)}-01`, -1).slice(0, 7);
    const names = invoiceRows
      .filter((row) => `${row.year}-${String(row.month).padStart(2, '0')}` === period)
      .slice(0, 20)
      .map((row) => row.filename);
    const filed = names.length
      ? await db
          .select({
            id: invoices.id,
            filename: invoices.filename,
            year: invoices.year,
            month: invoices.month,
          })
          .from(invoices)
          .where(inArray(invoices.filename, names))
          .orderBy(invoices.filename)
      : [];
    const [year, month] = period.split('-').map(Number) as [number, number];
    const lines = [
      ...filed.map((invoice) => ({
        filename: invoice.filename,
        cgpId: invoice.filename.split('_')[1]!,
        year: invoice.year,
        month: invoice.month,
        outcome: 'FILED' as const,
        reason: null,
        invoiceId: invoice.id,
      })),
      {
        filename: `Facture_CGP0000_${period}.pdf`,
        cgpId: 'CGP0000',
        year,
        month,
        outcome: 'REFUSED' as const,
        reason: dispatchMessages.unknownAgent('CGP0000'),
        invoiceId: null,
      },
    ];
    await insertMany(
      db,
      dispatchInvoiceOutcomes,
      lines.map((line, index) => ({ ...line, requestId: requestIds[i]!, line: index + 2 })),
    );
    await db
      .update(dispatchInvoiceRequests)
      .set({
        total: lines.length,
        processed: lines.length,
        filed: filed.length,
        refused: lines.length - filed.length,
      })
      .where(eq(dispatchInvoiceRequests.id, requestIds[i]!));
    written += lines.length;
  }

  // The waiting one: this month's invoices (none seeded yet) of ten agents, ready to file.
  const [year, month] = ctx.today.split('-').map(Number) as [number, number];
  const period = ctx.today.slice(0, 7);
  const agents = network.filter((agent) => agent.registerDate <= ctx.today).slice(0, 10);
  const pdfs = agents.map((agent) => ({
    name: `Facture_${agent.cgpId}_${period}.pdf`,
    content: pdf(`Facture ${period}`, [
      `${agent.firstname} ${agent.lastname} (${agent.cgpId})`,
      'Commissions du mois : à venir',
    ]),
  }));
  const waiting = statuses.length;
  ctx.files.write(
    `dispatch/${waiting}/factures.zip`,
    await bufferOf(
      zipFiles(
        pdfs.map((file) => ({
          name: file.name,
          open: async () => Readable.from([file.content]),
          lastModified: day.at(ctx.today, 8),
        })),
      ),
    ),
  );
  ctx.files.write(
    `dispatch/${waiting}/correspondance.xlsx`,
    await bufferOf(
      columnsXlsx({
        sheetName: 'Correspondance',
        columns: MAPPING_COLUMNS,
        rows: agents.map((agent, i) => [pdfs[i]!.name, agent.cgpId, year, month]),
      }),
    ),
  );
  return written;
}

async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const MORE_MODELS = [
  { name: 'Atelier Trainer’s Club : succession', category: 'FORMATION' as const },
  { name: 'Atelier Trainer’s Club : SCPI', category: 'FORMATION' as const },
  { name: 'Atelier Trainer’s Club : PER', category: 'FORMATION' as const },
  { name: 'Séminaire de printemps', category: 'EVENT' as const },
  { name: 'Cercle des managers', category: 'EVENT' as const },
];

export async function seedTraining(ctx: SeedContext, network: NetworkAgent[]) {
  const { db, random } = ctx;
  await insertMany(db, trainingModels, MORE_MODELS);
  const models = await db.select().from(trainingModels).orderBy(trainingModels.id);
  const current = exerciceOf(ctx.today);
  const sessionRows: (typeof trainingSessions.$inferInsert)[] = [];
  for (let exercice = current - 5; exercice <= current; exercice++) {
    for (const model of models) {
      for (let s = 0; s < random.int(1, 3); s++) {
        const date = day.between(random, `${exercice - 1}-11-01`, `${exercice}-10-31`);
        sessionRows.push({
          modelId: model.id,
          city: random.pick(CITIES)[1],
          startDate: date,
          exercice: exerciceOf(date),
        });
      }
    }
  }
  const sessionIds = await insertReturningIds(db, trainingSessions, sessionRows);
  const past = sessionIds.filter((_, i) => sessionRows[i]!.startDate <= ctx.today);
  const participations = network.flatMap((agent) => {
    const wanted = agent.cgpId <= 'CGP0004' ? 25 : random.int(0, 14);
    const chosen = new Set<number>();
    for (let k = 0; k < wanted; k++) chosen.add(random.pick(past));
    return [...chosen].map((sessionId) => ({
      uuid: random.uuid(),
      sessionId,
      agentId: agent.id,
      statusParticipant: random.weighted([
        [PARTICIPANT_STATUSES[0], 10],
        [PARTICIPANT_STATUSES[1], 2],
        [PARTICIPANT_STATUSES[2], 1],
        [PARTICIPANT_STATUSES[3], 1],
        [PARTICIPANT_STATUSES[4], 1],
      ] as const),
      statusInscription: random.chance(0.9) ? 'Inscrit' : 'Annulé',
      validated: random.chance(0.8),
      registeredAt: day.at(agent.registerDate, 9),
    }));
  });
  await insertMany(db, trainingParticipations, participations);
  ctx.rows += MORE_MODELS.length + sessionIds.length + participations.length;
  ctx.log(`formations : ${sessionIds.length} sessions, ${participations.length} participations`);
}

const STEPS = [
  'Premier contact',
  'Entretien de découverte',
  'Présentation du réseau',
  'Validation du parrain',
  'Dossier de candidature',
  'Pièces d’identité',
  'Attestation ORIAS',
  'Assurance RC professionnelle',
  'Signature du contrat de mandat',
  'Création des accès',
  'Formation initiale',
  'Premier rendez-vous client',
  'Intégration terminée',
];
const DOCUMENT_STATUSES = ['Validé', 'En cours de validation', 'manquant', 'Refusé'] as const;

export async function seedRegistrations(ctx: SeedContext, network: NetworkAgent[]) {
  const { db, random, faker } = ctx;
  await insertMany(
    db,
    registrationSteps,
    STEPS.map((label, i) => ({ id: i + 1, label })),
  );
  const recent = network.filter((a) => a.registerDate >= day.add(ctx.today, -365));
  const candidates = Array.from({ length: Math.round(60 * ctx.scale) }, (_, i) => ({
    agentId: null as number | null,
    firstName: faker.person.firstName(),
    lastName: faker.person.lastName(),
    sponsorId: network[i < 8 ? 0 : random.int(0, network.length - 1)]!.id,
    currentStepId: random.int(1, 12),
    createdAt: day.at(day.add(ctx.today, -random.int(0, 200)), 9),
  }));
  const done = recent.map((agent) => ({
    agentId: agent.id,
    firstName: agent.firstname,
    lastName: agent.lastname,
    sponsorId: agent.sponsorId,
    currentStepId: 13,
    createdAt: day.at(day.add(agent.registerDate, -60), 9),
  }));
  const reports = [...done, ...candidates];
  const ids = await insertReturningIds(db, registrationReports, reports);
  const states = reports.flatMap((report, r) =>
    STEPS.map((_, s) => {
      const step = s + 1;
      const status: StepStatus =
        step < report.currentStepId || report.currentStepId === 13
          ? 'Terminé'
          : step === report.currentStepId
            ? random.chance(0.1)
              ? STEP_STATUSES[3]
              : 'En cours'
            : 'En attente';
      const withDocument = step >= 5 && step <= 9;
      return {
        reportId: ids[r]!,
        stepId: step,
        status,
        document: withDocument ? STEPS[s]! : null,
        documentStatus: withDocument
          ? status === 'Terminé'
            ? ('Validé' as const)
            : random.pick(DOCUMENT_STATUSES.slice(1))
          : null,
      };
    }),
  );
  await insertMany(db, registrationStepStates, states);
  ctx.rows += STEPS.length + reports.length + states.length;
  ctx.log(`inscriptions : ${reports.length} parcours de ${STEPS.length} étapes`);
}

/** Pages the seeded users open: their route (the key the figures count by) and French title. */
const PAGES: readonly (readonly [route: string, title: string])[] = [
  ['/', 'Accueil'],
  ['/my-sales/summary', 'Synthèse de mes ventes'],
  ['/my-sales/investment', 'Mes ventes placement'],
  ['/my-sales/real-estate', 'Mes ventes immobilier'],
  ['/my-customers', 'Mes clients'],
  ['/my-team', 'Mon équipe'],
  ['/my-invoices/library', 'Mes Factures'],
  ['/library/bibliotheque', 'Bibliothèque'],
  ['/news', 'Actualités'],
  ['/my/reminders', 'Mes rappels'],
  ['/my-prospects', 'Mes prospects'],
  ['/my/training', 'Mes formations'],
];
const CLICKS = ['Exporter', 'Filtrer', 'Réinitialiser', 'Voir le détail', 'Ajouter un prospect'];

/** 30 days of usage: sessions of active users on working hours, with their events. */
export async function seedTracking(ctx: SeedContext) {
  const { db, random } = ctx;
  const people = await db
    .select({ id: users.id, agentId: users.agentId })
    .from(users)
    .where(isNotNull(users.agentId))
    .orderBy(users.id);
  const sessions: (typeof trackingSessions.$inferInsert & { id: string })[] = [];
  const events: (typeof trackingEvents.$inferInsert)[] = [];
  for (const person of people) {
    const activity = person.id <= 8 ? 0.7 : random.chance(0.6) ? 0.25 : 0.05;
    const device: Device = random.weighted([
      ['PC', 70],
      ['Smartphone', 22],
      ['Tablette', 8],
    ] as const);
    for (let back = 30; back >= 1; back--) {
      if (!random.chance(activity)) continue;
      const date = day.add(ctx.today, -back);
      const start = day.at(date, random.int(8, 18), random.int(0, 59));
      const id = random.uuid();
      const session = { id, userId: person.id, startedAt: start } as (typeof sessions)[number];
      sessions.push(session);
      let time = start.getTime();
      for (let e = 0; e < random.int(3, 14); e++) {
        time += random.int(5, 240) * 1000;
        const type: TrackingType = random.weighted([
          ['PAGE', 6],
          ['CLICK', 3],
          ['DOCUMENT', 1],
        ] as const);
        // As the apps' tracker writes them: a page by its title, keyed by its route.
        const [page, title] = random.pick(PAGES);
        const path = type === 'DOCUMENT' ? '/library/bibliotheque' : page;
        events.push({
          sessionId: id,
          userId: person.id,
          type,
          action:
            type === 'PAGE'
              ? title
              : type === 'CLICK'
                ? random.pick(CLICKS)
                : `Fiche produit ${random.int(1, 40)}.pdf`,
          path,
          route: path,
          device,
          occurredAt: new Date(time),
        });
      }
      // Past sessions, signed out after their last event (and the seed stays deterministic).
      session.lastSeenAt = new Date(time);
      session.endedAt = new Date(time);
      session.endReason = 'logout';
    }
  }
  await insertMany(db, trackingSessions, sessions);
  await insertMany(db, trackingEvents, events);
  ctx.rows += sessions.length + events.length;
  ctx.log(
    `suivi d’utilisation : ${sessions.length} connexions, ${events.length} événements sur 30 jours`,
  );
}
