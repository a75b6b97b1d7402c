import { readFileSync } from 'node:fs';
import apiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseDocument } from 'yaml';
import type { Contract } from './contract.js';
import {
  API_DOCUMENTATION_REL,
  DOCS_PATH,
  collectionsOf,
  hydraDocumentation,
  type HydraDocumentation,
} from './hydra-docs.js';
import { contractPath, type ContractName } from './openapi.js';

const JSON_LD = 'application/ld+json; charset=utf-8';

export interface DocsOptions {
  /** The main API as its clients reach it (`config.publicUrl`): the contract's `servers`. */
  publicUrl: string;
  /**
   * Build the Hydra documentation's absolute URLs on the origin each request reached rather
   * than on `publicUrl` (PUBLIC_URL unset: the default `http://localhost:PORT` is no address a
   * proxied client uses).
   */
  fromRequest?: boolean;
}

/**
 * Outside the contract: the OpenAPI documents (`/docs/main.yaml`, `/docs/training.yaml`, and the
 * main one as `/docs/openapi.json`, the main one with `servers` set to this instance's public
 * URL), an interactive reference at `/docs/` (Scalar, its script served from the package: no
 * CDN, no web font), an API Platform-style entrypoint at `/`, and the Hydra documentation
 * generated from the contract: `/docs.jsonld`, named by the `Link` header of every JSON-LD
 * answer, and the JSON-LD contexts `/contexts/{Type}` the answers name in `@context`.
 */
export async function registerDocs(
  app: FastifyInstance,
  main: Contract,
  options: DocsOptions,
): Promise<void> {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const served = { ...main.document, servers: [{ url: publicUrl }] };
  for (const name of ['main', 'training'] as ContractName[]) {
    const text = readFileSync(contractPath(name), 'utf8');
    const body = name === 'main' ? withServers(text, publicUrl) : text;
    app.get(`/docs/${name}.yaml`, async (_request, reply) =>
      reply.type('application/yaml; charset=utf-8').send(body),
    );
  }

  // The page's configuration is an inline script: allowed on the reference routes only.
  const referencePolicy = async (_request: unknown, reply: FastifyReply) => {
    reply.header(
      'content-security-policy',
      "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; " +
        "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  };
  await app.register(apiReference, {
    routePrefix: '/docs',
    hooks: { onRequest: referencePolicy },
    configuration: {
      content: () => served,
      withDefaultFonts: false,
      hideClientButton: true,
      telemetry: false,
    } as Record<string, unknown>,
  });

  // The documentation names itself absolutely (`@vocab`, the Link header): on PUBLIC_URL when
  // set, else on the origin the client reached, as API Platform does, so that it holds behind a
  // proxy (its X-Forwarded-Host and -Proto believed under TRUST_PROXY only). A few origins are
  // kept, built once each.
  const documentations = new Map<string, HydraDocumentation>();
  const documentationFor = (request: FastifyRequest) => {
    const base = (options.fromRequest && originOf(request)) || publicUrl;
    let found = documentations.get(base);
    if (!found) {
      if (documentations.size >= MAX_ORIGINS)
        documentations.delete(documentations.keys().next().value!);
      found = hydraDocumentation(main, base);
      documentations.set(base, found);
    }
    return found;
  };
  // API Platform names its documentation on every answer; clients (API Platform Admin) find
  // it from the entrypoint's.
  app.addHook('onSend', async (request, reply, payload) => {
    if (/^application\/ld\+json/.test(String(reply.getHeader('content-type') ?? ''))) {
      const link = `<${documentationFor(request).url}>; rel="${API_DOCUMENTATION_REL}"`;
      reply.header('link', [reply.getHeader('link'), link].filter(Boolean).join(', '));
    }
    return payload;
  });

  const entrypoint = entrypointOf(main);
  app.get('/', async (_request, reply) => reply.type(JSON_LD).send(entrypoint));
  app.get(DOCS_PATH, async (request, reply) =>
    reply.type(JSON_LD).send(documentationFor(request).documentation),
  );
  app.get<{ Params: { type: string } }>('/contexts/:type', async (request, reply) => {
    const context = documentationFor(request).contexts.get(request.params.type);
    if (!context) return reply.callNotFound();
    return reply.type(JSON_LD).send(context);
  });
}

/** Origins whose documentation is kept built (the Host header is the client's to choose). */
const MAX_ORIGINS = 8;
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** `https://host:port` as the client reached this process, or null without a usable Host. */
function originOf(request: FastifyRequest): string | null {
  const host = request.host;
  if (!HOST.test(host)) return null;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host.toLowerCase()}`;
}

/** The contract's text with `servers` set to this instance's URL (comments kept). */
function withServers(text: string, url: string): string {
  const document = parseDocument(text);
  document.set('servers', document.createNode([{ url }]));
  return document.toString({ lineWidth: 100 });
}

/**
 * Every collection of the main contract (a GET without path parameter answering a Hydra
 * collection), named after its operation: `listNews` → `news`.
 */
export function entrypointOf(contract: Contract): Record<string, string> {
  const collections = collectionsOf(contract);
  return {
    '@context': '/contexts/Entrypoint',
    '@id': '/',
    '@type': 'Entrypoint',
    'hydra:title': String((contract.document as { info?: { title?: string } }).info?.title ?? ''),
    documentation: '/docs/',
    ...Object.fromEntries(collections.map((c) => [c.name, c.path])),
  };
}
