import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns.js';

export const AGENT_STATUSES = ['actif', 'inactif'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

/** Consultants (mandataires) of the network; `sponsor_id` builds the sponsorship tree. */
export const agents = pgTable(
  'agents',
  {
    id: serial('id').primaryKey(),
    cgpId: text('cgp_id').notNull().unique(),
    valoricielId: text('valoriciel_id'),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    sponsorId: integer('sponsor_id').references((): AnyPgColumn => agents.id, {
      onDelete: 'set null',
    }),
    status: text('status').$type<AgentStatus>().notNull().default('actif'),
    birthday: date('birthday'),
    registerDate: date('register_date'),
    phoneNumber: text('phone_number'),
    postalAddress: text('postal_address'),
    postalCode: text('postal_code'),
    postalCity: text('postal_city'),
    company: text('company'),
    siret: text('siret'),
    vatIdNumber: text('vat_id_number'),
    iban: text('iban'),
    microEnterprise: boolean('micro_enterprise').notNull().default(false),
    habilitationIobsp: boolean('habilitation_iobsp').notNull().default(false),
    habilitationIas: boolean('habilitation_ias').notNull().default(false),
    habilitationCif: boolean('habilitation_cif').notNull().default(false),
    oriasNumber: text('orias_number'),
    oriasEndOfValidity: date('orias_end_of_validity'),
    /** Comma-free list of active branches, e.g. ['Immobilier', 'Placement']. */
    branchesActives: text('branches_actives')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    vavcTotal: money('vavc_total').notNull().default(0),
    level: integer('level').notNull().default(1),
    qualification: text('qualification'),
    sharepointLink: text('sharepoint_link'),
    createdAt: createdAt(),
  },
  (t) => [
    check('agents_level_check', sql`${t.level} between 1 and 3`),
    check('agents_status_check', sql`${t.status} in ('actif', 'inactif')`),
    index('agents_sponsor_idx').on(t.sponsorId),
    index('agents_name_idx').on(t.lastname, t.firstname),
  ],
);
