import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every answer: nosniff, no framing, a CSP that loads nothing (the API
 * answers data; its few HTML pages set their own policy, which replaces this one).
 */
const OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
};

/**
 * The headers helmet sets with `options`, in its order and spelling: computed once, where
 * `@fastify/helmet` built helmet's middleware again for every request (its options parsed, each
 * header's value rendered), the same headers each time.
 */
export function securityHeaders(options: Readonly<HelmetOptions> = OPTIONS): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string) {
      headers.push([name, value]);
    },
    removeHeader() {
      // X-Powered-By: Node and Fastify never set it.
    },
  };
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/**
 * Sets the security headers on every answer, on the raw response as helmet did: a route's own
 * header of the same name (an HTML page's CSP) replaces it in place when the answer is written.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}
