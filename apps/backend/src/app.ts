import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { registerAuditTrail } from './access/audit.js';
import { registerPartnerPages } from './communication/partners.js';
import { multipartReader, registerMediaRoute, registerMultipart } from './files/uploads.js';
import { createAuthorizer } from './access/authorize.js';
import { authenticator } from './auth/principal.js';
import { loadContract, registerContractRoutes } from './contract.js';
import { registerOutboxRoutes } from './dev/outbox.js';
import { registerDocs } from './docs.js';
import { hydraCollectionPresenters } from './hydra-collections.js';
import { limitConcurrentExports } from './exports/slots.js';
import { mainHandlers, mainUploads, trainingHandlers } from './handlers/index.js';
import type { Deps } from './deps.js';
import { databaseRateLimitStore } from './http/attempts.js';
import { clientErrorHandler } from './http/client-errors.js';
import { registerDrain } from './http/drain.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { HttpError, HYDRA_CONTENT_TYPE, hydraBody, tooManyRequests } from './http/errors.js';
import { messages } from './http/messages.js';
import { setupHttp } from './http/setup.js';
import { observeRequests, registerMetricsRoute } from './observability/metrics.js';
import { REQUEST_ID_HEADER, requestIdOf, sendRequestId } from './observability/request-id.js';

export type AppDeps = Deps;

async function baseApp(
  { config, observability }: Deps,
  api: 'main' | 'training',
): Promise<FastifyInstance> {
  const app = Fastify({
    ...(observability
      ? { loggerInstance: observability.logger.child({ api }) as FastifyBaseLogger }
      : { logger: { level: config.logLevel } }),
    // The proxy's X-Request-Id when well-formed, else a new one: the `reqId` of the log lines.
    genReqId: requestIdOf,
    // Behind the proxies named by TRUST_PROXY, request.ip (rate limits, audit) is the client's.
    trustProxy: config.trustProxy,
    // A client must send its whole request (a 500 MB upload included) within requestTimeout,
    // and a connection silent for connectionTimeout is closed: a body announced and never sent
    // (slowloris) holds no socket forever.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    http: {
      // Given to Node's server as well: it enforces requestTimeout only when it is set at
      // creation, headersTimeout (60 s by default) no longer than it.
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      // How often Node looks for expired requests (30 s by default): a fraction of the limit.
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, config.requestTimeoutMs / 4)),
    },
    // Errors of Node's HTTP parser (headers over 16 KB, the timeout above): Hydra in French.
    clientErrorHandler,
    // While closing, a new request is refused by registerDrain in French, not by Fastify.
    return503OnClosing: false,
    // A path with a broken percent-encoding is refused before any route: a Hydra 400 in
    // French like every other error, not the framework's own answer.
    frameworkErrors: (_error, request, reply: FastifyReply) => {
      void reply
        .code(400)
        // Answered before the onRequest hooks: named here.
        .header(REQUEST_ID_HEADER, request.id)
        .type(HYDRA_CONTENT_TYPE)
        .send(hydraBody(new HttpError(400, messages.badUrl)));
    },
  });
  setupHttp(app);
  sendRequestId(app);
  if (observability?.metrics) observeRequests(app, observability.metrics, api);
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    // The apps read an export's file name from it (the other origin hides it otherwise);
    // Hydra clients (API Platform Admin) find the API documentation through `Link`.
    // X-Request-Id: what a user can quote to support, found in the logs.
    exposedHeaders: ['Content-Disposition', 'Link', 'X-Request-Id'],
    // Lets the keepalive flush of tracking events on tab close reuse a cached preflight.
    maxAge: 600,
  });
  // Security headers on every answer (`http/security-headers.ts`), computed once.
  registerSecurityHeaders(app);
  // Tokens and personal data must not stay in any cache; the media route and the public pages
  // say otherwise themselves.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });
  registerDrain(app);
  return app;
}

const emailOf = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

export async function buildMainApp(deps: Deps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = await baseApp(deps, 'main');
  // Registered and awaited before the routes: the plugin hooks into routes as they are added.
  // Counted in the database, so that every process on one PostgreSQL shares the counts.
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db),
    errorResponseBuilder: () => tooManyRequests(),
  });
  const perMinute = (max: number, keyGenerator: (request: FastifyRequest) => string) => ({
    // preHandler, so that the login key can include the parsed e-mail.
    config: { rateLimit: { max, timeWindow: 60_000, hook: 'preHandler' as const, keyGenerator } },
  });
  const resetLimit = perMinute(config.resetRateLimit, (request) => request.ip);
  // Besides the per-address limit, one per client: trying many addresses is limited too.
  // (createRateLimit, not rateLimit: the plugin lets only one of its hooks run per request.)
  const loginPerClient = app.createRateLimit({
    max: config.loginIpRateLimit,
    timeWindow: 60_000,
    keyGenerator: (request) => `login|${request.ip}`,
  });
  const limitLoginPerClient = async (request: FastifyRequest) => {
    const limit = await loginPerClient(request);
    if (!limit.isAllowed && limit.isExceeded) throw tooManyRequests();
  };

  registerMultipart(app);
  const contract = loadContract('main');
  const handlers = limitConcurrentExports(contract, mainHandlers(deps), deps);
  registerContractRoutes(app, {
    contract,
    handlers,
    audit: registerAuditTrail(app, db, contract, handlers),
    authenticate: authenticator(db, config),
    authorize: createAuthorizer(db),
    // Declared by the modules: an operation not declared never reads a multipart body.
    readMultipart: multipartReader(deps.storage, mainUploads(config)),
    presenters: hydraCollectionPresenters(contract),
    routeOptions: {
      login: {
        ...perMinute(config.loginRateLimit, (request) => `${request.ip}|${emailOf(request)}`),
        preHandler: limitLoginPerClient,
      },
      // The second step is limited per user in the handler (wrong codes, in the database); per
      // client here, like the password step, so that many challenges are no way around it.
      verifySecondFactor: { preHandler: limitLoginPerClient },
      requestPasswordReset: resetLimit,
      resetPassword: resetLimit,
    },
  });
  // Development only: asked for with DEV_OUTBOX=1, on a loopback address, outside production.
  if (deps.mailer.usesOutbox && config.devOutbox) registerOutboxRoutes(app, db, deps.mailer);
  registerMediaRoute(app, deps.storage);
  registerPartnerPages(app, config);
  // METRICS_TOKEN: served here, to the bearer of the token only (METRICS_PORT alone: not here).
  if (deps.observability?.metrics && config.metricsToken)
    registerMetricsRoute(app, deps.observability.metrics, config.metricsToken);
  await registerDocs(app, contract, {
    publicUrl: config.publicUrl,
    fromRequest: !config.publicUrlSet,
  });
  return app;
}

export async function buildTrainingApp(deps: Deps): Promise<FastifyInstance> {
  const app = await baseApp(deps, 'training');
  const contract = loadContract('training');
  const handlers = limitConcurrentExports(contract, trainingHandlers(deps), deps);
  registerContractRoutes(app, {
    contract,
    handlers,
    audit: registerAuditTrail(app, deps.db, contract, handlers),
    authenticate: authenticator(deps.db, deps.config),
    authorize: createAuthorizer(deps.db),
    presenters: hydraCollectionPresenters(contract),
  });
  return app;
}
