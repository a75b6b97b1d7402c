import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { agents } from './agents.js';
import { createdAt, money, percent, requiredReference, sqlList } from './columns.js';
import { customers } from './customers.js';

export const REAL_ESTATE_STATUSES = [
  'Acté',
  'Financé',
  'Optionné',
  'Réservé',
  'VNR',
  'Désisté',
] as const;
export type RealEstateStatus = (typeof REAL_ESTATE_STATUSES)[number];

export const SALE_STEP_TYPES = ['option', 'booking', 'bank_agreement', 'deed', 'cancel'] as const;
export type SaleStepType = (typeof SALE_STEP_TYPES)[number];

export const INVESTMENT_STATUSES = ['Validé', 'Encours', 'Terminé', 'Annulé'] as const;
export type InvestmentStatus = (typeof INVESTMENT_STATUSES)[number];

export const INVESTMENT_OPERATIONS = ['Souscription', 'Versement'] as const;
export type InvestmentOperation = (typeof INVESTMENT_OPERATIONS)[number];

/** A sale's agent and customer (columns of each sales table): neither goes while it has sales. */
const saleParties = () => ({
  agentId: requiredReference('agent_id', () => agents.id, 'restrict'),
  customerId: requiredReference('customer_id', () => customers.id, 'restrict'),
});

/** The financial product of an investment or VLP sale. */
const soldProduct = () => ({
  productId: requiredReference('product_id', () => financialProducts.id, 'restrict'),
});

/** Real-estate sales (ventes Valoriciel). Step dates are copied here for filtering and sorting. */
export const realEstateSales = pgTable(
  'real_estate_sales',
  {
    id: serial('id').primaryKey(),
    valoricielId: text('valoriciel_id').notNull().unique(),
    ...saleParties(),
    /** Tax scheme or kind of sale: Pinel, LMNP, Résidence principale, … */
    type: text('type').notNull(),
    lot: text('lot').notNull(),
    operationName: text('operation_name').notNull(),
    amount: money('amount').notNull(),
    baseRemuneration: money('base_remuneration').notNull(),
    advStatus: text('adv_status').$type<RealEstateStatus>().notNull(),
    optionDate: date('option_date'),
    bookingSignatureDate: date('booking_signature_date'),
    bankAgreementDate: date('bank_agreement_date'),
    deedDate: date('deed_date'),
    cancellationDate: date('cancellation_date'),
    lastAction: date('last_action').notNull(),
    exercice: integer('exercice').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'real_estate_sales_status_check',
      sql.raw(`adv_status in (${sqlList(REAL_ESTATE_STATUSES)})`),
    ),
    index('real_estate_sales_agent_idx').on(t.agentId, t.lastAction),
    index('real_estate_sales_last_action_idx').on(t.lastAction),
    index('real_estate_sales_exercice_idx').on(t.exercice, t.lastAction),
    index('real_estate_sales_customer_idx').on(t.customerId, t.exercice),
    // The customers active in some exercices (`/clients/clients?years=`), read index-only.
    index('real_estate_sales_exercice_customer_idx').on(t.exercice, t.customerId),
  ],
);

export const realEstateSaleSteps = pgTable(
  'real_estate_sale_steps',
  {
    id: serial('id').primaryKey(),
    saleId: requiredReference('sale_id', () => realEstateSales.id, 'cascade'),
    type: text('type').$type<SaleStepType>().notNull(),
    date: date('date').notNull(),
  },
  (t) => [
    check('real_estate_sale_steps_type_check', sql.raw(`type in (${sqlList(SALE_STEP_TYPES)})`)),
    unique('real_estate_sale_steps_sale_type_unique').on(t.saleId, t.type),
  ],
);

export const financialProviders = pgTable('financial_providers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** Financial products (typeProduitsFin): a product name at one provider. */
export const financialProducts = pgTable(
  'financial_products',
  {
    id: serial('id').primaryKey(),
    providerId: requiredReference('provider_id', () => financialProviders.id, 'restrict'),
    name: text('name').notNull(),
    /** Family of product: Assurance vie, SCPI, PER, … */
    category: text('category').notNull(),
  },
  (t) => [unique('financial_products_provider_name_unique').on(t.providerId, t.name)],
);

/** Investment sales (ventes Orion). */
export const investmentSales = pgTable(
  'investment_sales',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull().unique(),
    ...saleParties(),
    ...soldProduct(),
    type: text('type').notNull(),
    operation: text('operation').$type<InvestmentOperation>().notNull(),
    status: text('status').$type<InvestmentStatus>().notNull(),
    amount: money('amount').notNull(),
    fee: percent('fee').notNull(),
    subscriptionDate: date('subscription_date').notNull(),
    exercice: integer('exercice').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('investment_sales_status_check', sql.raw(`status in (${sqlList(INVESTMENT_STATUSES)})`)),
    check(
      'investment_sales_operation_check',
      sql.raw(`operation in (${sqlList(INVESTMENT_OPERATIONS)})`),
    ),
    // Plain ascending indexes: read backwards they serve `desc` orders (nulls first), which
    // drizzle's `.desc()` (DESC NULLS LAST) would not.
    index('investment_sales_agent_date_idx').on(t.agentId, t.subscriptionDate, t.id),
    index('investment_sales_date_idx').on(t.subscriptionDate, t.id),
    index('investment_sales_exercice_idx').on(t.exercice, t.subscriptionDate, t.id),
    index('investment_sales_customer_idx').on(t.customerId, t.exercice),
    // The customers active in some exercices (`/clients/clients?years=`), read index-only.
    index('investment_sales_exercice_customer_idx').on(t.exercice, t.customerId),
    index('investment_sales_product_idx').on(t.productId, t.subscriptionDate, t.id),
    // (column, id) read backwards serves `order[column]=desc` with its id tie-break.
    index('investment_sales_amount_idx').on(t.amount, t.id),
    index('investment_sales_fee_idx').on(t.fee, t.id),
  ],
);

/** VLP sales: validated amounts per product, processed on a date; amounts may be negative. */
export const vlps = pgTable(
  'vlps',
  {
    id: serial('id').primaryKey(),
    ...saleParties(),
    ...soldProduct(),
    amount: money('amount').notNull(),
    fee: percent('fee').notNull(),
    processingDate: date('processing_date').notNull(),
    exercice: integer('exercice').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('vlps_agent_idx').on(t.agentId, t.exercice),
    index('vlps_exercice_idx').on(t.exercice, t.processingDate),
    index('vlps_customer_idx').on(t.customerId),
  ],
);
