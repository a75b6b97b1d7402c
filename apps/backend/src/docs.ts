import { readFileSync } from 'node:fs';
import apiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Contract } from './contract.js';
import { contractPath, type ContractName } from './openapi.js';

/**
 * Outside the contract: the OpenAPI documents (`/docs/main.yaml`, `/docs/training.yaml`, and the
 * main one as `/docs/openapi.json`), an interactive reference at `/docs/` (Scalar, its script
 * served from the package: no CDN, no web font), and an API Platform-style entrypoint at `/`.
 */
export async function registerDocs(app: FastifyInstance, main: Contract): Promise<void> {
  for (const name of ['main', 'training'] as ContractName[]) {
    const text = readFileSync(contractPath(name), 'utf8');
    app.get(`/docs/${name}.yaml`, async (_request, reply) =>
      reply.type('application/yaml; charset=utf-8').send(text),
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
      content: () => main.document,
      withDefaultFonts: false,
      hideClientButton: true,
      telemetry: false,
    } as Record<string, unknown>,
  });

  const entrypoint = entrypointOf(main);
  app.get('/', async (_request, reply) =>
    reply.type('application/ld+json; charset=utf-8').send(entrypoint),
  );
}

/**
 * Every collection of the main contract (a GET without path parameter answering a Hydra
 * collection), named after its operation: `listNews` → `news`.
 */
export function entrypointOf(contract: Contract): Record<string, string> {
  const collections: Record<string, string> = {};
  for (const operation of contract.operations) {
    if (operation.method !== 'GET' || operation.path.includes('{')) continue;
    if (!/^list[A-Z]/.test(operation.operationId)) continue;
    const answer = JSON.stringify(operation.definition.responses?.['200'] ?? {});
    if (!answer.includes('Collection')) continue;
    const name = operation.operationId.slice(4);
    collections[name[0]!.toLowerCase() + name.slice(1)] = operation.path;
  }
  return {
    '@context': '/contexts/Entrypoint',
    '@id': '/',
    '@type': 'Entrypoint',
    'hydra:title': String((contract.document as { info?: { title?: string } }).info?.title ?? ''),
    documentation: '/docs/',
    ...Object.fromEntries(Object.entries(collections).sort(([a], [b]) => a.localeCompare(b))),
  };
}
