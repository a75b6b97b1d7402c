import { E2E } from '../support/ports';
import type { StackUrls } from '../support/web-servers';

const at = (variable: string, fallback: number) =>
  `http://127.0.0.1:${Number(process.env[variable] ?? fallback)}`;

/**
 * The measuring stack's ports: away from the e2e ones (3100, 3101, 5273, 5274) and from
 * `npm start`'s, so a measure can run beside either; each can be moved with its variable.
 */
export const MEASURE: StackUrls = {
  mainApi: at('MEASURE_API_PORT', 3300),
  trainingApi: at('MEASURE_TRAINING_PORT', 3301),
  agentApp: at('MEASURE_AGENT_PORT', 5373),
  staffApp: at('MEASURE_STAFF_PORT', 5374),
  supportEmail: E2E.supportEmail,
};

/**
 * The apps whose `dist/` are served, relative to `e2e/` (or absolute): `../apps`, or another
 * checkout's `apps` to measure another build on the same backend.
 */
export const MEASURE_APPS_DIR = process.env.MEASURE_APPS_DIR ?? '../apps';
