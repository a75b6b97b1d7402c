import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agents } from './agents.js';
import { createdAt, requiredReference, sqlList } from './columns.js';
import { users } from './core.js';
import { mediaObjects } from './media.js';

export const PROSPECT_FILE_KINDS = ['RIC', 'DER', 'OTHER'] as const;
export type ProspectFileKind = (typeof PROSPECT_FILE_KINDS)[number];

export const DISPATCH_STATUSES = [
  'WAITING',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
] as const;
export type DispatchStatus = (typeof DISPATCH_STATUSES)[number];

export const TRAINING_CATEGORIES = ['EVENT', 'FORMATION'] as const;
export type TrainingCategory = (typeof TRAINING_CATEGORIES)[number];

export const PARTICIPANT_STATUSES = ['TRAINED', 'INVITED', 'COHOST', 'HOST', 'TRAINER'] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

export const STEP_STATUSES = ['Terminé', 'En cours', 'En attente', 'Annulé'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const DOCUMENT_STATUSES = [
  'Validé',
  'En cours de validation',
  'manquant',
  'Refusé',
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const prospects = pgTable(
  'prospects',
  {
    id: serial('id').primaryKey(),
    agentId: requiredReference('agent_id', () => agents.id, 'cascade'),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    birthday: date('birthday').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('prospects_agent_name_idx').on(t.agentId, t.lastName, t.firstName),
    index('prospects_name_idx').on(t.lastName, t.firstName),
  ],
);

/** RIC (identity) and DER (customer information) documents and other uploads of a prospect. */
export const prospectFiles = pgTable(
  'prospect_files',
  {
    id: serial('id').primaryKey(),
    prospectId: requiredReference('prospect_id', () => prospects.id, 'cascade'),
    kind: text('kind').$type<ProspectFileKind>().notNull(),
    mediaObjectId: requiredReference('media_object_id', () => mediaObjects.id, 'cascade'),
  },
  (t) => [
    check('prospect_files_kind_check', sql.raw(`kind in (${sqlList(PROSPECT_FILE_KINDS)})`)),
    index('prospect_files_prospect_idx').on(t.prospectId),
  ],
);

/** Monthly invoices of an agent, PDF under DATA_DIR/files. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    agentId: requiredReference('agent_id', () => agents.id, 'cascade'),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    filename: text('filename').notNull(),
    filePath: text('file_path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('invoices_month_check', sql`${t.month} between 1 and 12`),
    unique('invoices_agent_period_file_unique').on(t.agentId, t.year, t.month, t.filename),
    index('invoices_period_idx').on(t.year, t.month),
  ],
);

export const dispatchInvoiceRequests = pgTable(
  'dispatch_invoice_requests',
  {
    id: serial('id').primaryKey(),
    status: text('status').$type<DispatchStatus>().notNull().default('WAITING'),
    invoicesFilePath: text('invoices_file_path').notNull(),
    mappingFilePath: text('mapping_file_path').notNull(),
    requestedById: integer('requested_by_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The names the files were sent under (shown in the list). */
    invoicesFileName: text('invoices_file_name'),
    mappingFileName: text('mapping_file_name'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** Rows of the mapping, once the job has read it. */
    total: integer('total'),
    processed: integer('processed').notNull().default(0),
    filed: integer('filed').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    /** Why a FAILED request stopped (a French sentence). */
    error: text('error'),
  },
  (t) => [
    check(
      'dispatch_invoice_requests_status_check',
      sql.raw(`status in (${sqlList(DISPATCH_STATUSES)})`),
    ),
    // One execution at a time across every backend process: a second PROCESSING row is refused
    // by PostgreSQL itself.
    uniqueIndex('dispatch_invoice_requests_one_processing')
      .on(t.status)
      .where(sql`status = 'PROCESSING'`),
    index('dispatch_invoice_requests_created_idx').on(t.createdAt, t.id),
  ],
);

export const DISPATCH_OUTCOMES = ['FILED', 'REFUSED'] as const;
export type DispatchOutcome = (typeof DISPATCH_OUTCOMES)[number];

/**
 * The report of a dispatch: one row per mapping row, written in the same transaction as the
 * invoice it filed, so a re-run after a crash skips what is already done.
 */
export const dispatchInvoiceOutcomes = pgTable(
  'dispatch_invoice_outcomes',
  {
    id: serial('id').primaryKey(),
    requestId: requiredReference('request_id', () => dispatchInvoiceRequests.id, 'cascade'),
    line: integer('line').notNull(),
    filename: text('filename'),
    cgpId: text('cgp_id'),
    year: integer('year'),
    month: integer('month'),
    outcome: text('outcome').$type<DispatchOutcome>().notNull(),
    reason: text('reason'),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('dispatch_invoice_outcomes_check', sql.raw(`outcome in (${sqlList(DISPATCH_OUTCOMES)})`)),
    unique('dispatch_invoice_outcomes_line_unique').on(t.requestId, t.line),
  ],
);

export const trainingModels = pgTable(
  'training_models',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    category: text('category').$type<TrainingCategory>().notNull(),
  },
  (t) => [check('training_models_category_check', sql`${t.category} in ('EVENT', 'FORMATION')`)],
);

/** One occurrence of a training or event (team events), in a city on a date. */
export const trainingSessions = pgTable(
  'training_sessions',
  {
    id: serial('id').primaryKey(),
    modelId: requiredReference('model_id', () => trainingModels.id, 'cascade'),
    city: text('city').notNull(),
    startDate: date('start_date').notNull(),
    exercice: integer('exercice').notNull(),
  },
  (t) => [index('training_sessions_exercice_idx').on(t.exercice, t.startDate)],
);

export const trainingParticipations = pgTable(
  'training_participations',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    sessionId: requiredReference('session_id', () => trainingSessions.id, 'cascade'),
    agentId: requiredReference('agent_id', () => agents.id, 'cascade'),
    statusParticipant: text('status_participant').$type<ParticipantStatus>().notNull(),
    statusInscription: text('status_inscription').notNull(),
    validated: boolean('validated').notNull().default(false),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'training_participations_status_check',
      sql.raw(`status_participant in (${sqlList(PARTICIPANT_STATUSES)})`),
    ),
    unique('training_participations_agent_session_unique').on(t.agentId, t.sessionId),
    index('training_participations_session_idx').on(t.sessionId),
  ],
);

/** The 13 steps of an agent's registration. */
export const registrationSteps = pgTable('registration_steps', {
  id: integer('id').primaryKey(),
  label: text('label').notNull(),
});

/** Registration of one (future) agent, followed by the sponsor. */
export const registrationReports = pgTable(
  'registration_reports',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    sponsorId: integer('sponsor_id').references(() => agents.id, { onDelete: 'set null' }),
    currentStepId: integer('current_step_id')
      .notNull()
      .references(() => registrationSteps.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('registration_reports_sponsor_idx').on(t.sponsorId),
    index('registration_reports_name_idx').on(t.lastName, t.firstName),
  ],
);

export const registrationStepStates = pgTable(
  'registration_step_states',
  {
    reportId: requiredReference('report_id', () => registrationReports.id, 'cascade'),
    stepId: integer('step_id')
      .notNull()
      .references(() => registrationSteps.id),
    status: text('status').$type<StepStatus>().notNull().default('En attente'),
    document: text('document'),
    documentStatus: text('document_status').$type<DocumentStatus>(),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.stepId] }),
    check(
      'registration_step_states_status_check',
      sql.raw(`status in (${sqlList(STEP_STATUSES)})`),
    ),
    check(
      'registration_step_states_document_status_check',
      sql.raw(`document_status is null or document_status in (${sqlList(DOCUMENT_STATUSES)})`),
    ),
  ],
);
