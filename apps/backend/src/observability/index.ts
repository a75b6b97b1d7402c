import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { setupHttp } from '../http/setup.js';
import { createLogger, type Logger } from './logger.js';
import { createMetrics, registerMetricsRoute, type Metrics } from './metrics.js';

export type { Logger, Metrics };

/** What a process tells its operators: its JSON log lines and its Prometheus metrics. */
export interface Observability {
  logger: Logger;
  /** Null when nothing serves them (neither METRICS_TOKEN nor METRICS_PORT): none are kept. */
  metrics: Metrics | null;
}

export function createObservability(
  config: Pick<Config, 'logLevel' | 'metricsToken' | 'metricsPort'>,
  db: Database,
  /** Where the log lines go (default: stdout); the tests read them. */
  destination?: DestinationStream,
): Observability {
  const served = config.metricsToken !== null || config.metricsPort !== null;
  return {
    logger: createLogger(config.logLevel, destination),
    metrics: served ? createMetrics(db) : null,
  };
}

/**
 * METRICS_PORT: a listener of its own on HOST that serves only GET /metrics (still asking for
 * METRICS_TOKEN when it is set), for a scraper that reaches each process apart from the load
 * balancer. Not closed at stop: it holds no work, and ends with the process.
 */
export async function serveMetrics(
  observability: Observability,
  config: Pick<Config, 'host' | 'metricsPort' | 'metricsToken'>,
): Promise<FastifyInstance | null> {
  if (config.metricsPort === null || !observability.metrics) return null;
  const app = Fastify({
    // Its one route logs at warn and above (registerMetricsRoute): scrapes leave no line.
    loggerInstance: observability.logger.child({ api: 'metrics' }) as FastifyBaseLogger,
  });
  setupHttp(app);
  registerMetricsRoute(app, observability.metrics, config.metricsToken);
  await app.listen({ host: config.host, port: config.metricsPort });
  app.server.unref();
  return app;
}
