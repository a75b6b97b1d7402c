// The schema is split by domain under ./schema/; drizzle-kit reads those files directly.
export * from './schema/core.js';
export * from './schema/agents.js';
export * from './schema/customers.js';
export * from './schema/sales.js';
export * from './schema/media.js';
export * from './schema/communication.js';
export * from './schema/network.js';
export * from './schema/tracking.js';
export * from './schema/access.js';
export * from './schema/server.js';
export * from './schema/second-factor.js';
