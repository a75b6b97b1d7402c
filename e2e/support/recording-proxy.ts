import type { BrowserContext } from '@playwright/test';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { E2E } from './ports';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The main API's answer, once it came. */
  status?: number;
}

/**
 * A pass-through proxy in front of the main API that records what reaches it. Requests sent
 * while a tab closes (fetch keepalive) leave the browser after the page is gone, where
 * Playwright no longer reports them; the proxy still sees them.
 */
export async function recordingProxy(): Promise<{
  url: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}> {
  const target = new URL(E2E.mainApi);
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const recorded: RecordedRequest = {
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        headers: incoming.headers,
        body: body.toString('utf8'),
      };
      requests.push(recorded);
      const upstream = forward(
        {
          host: target.hostname,
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: target.host },
        },
        (answer) => {
          recorded.status = answer.statusCode;
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      upstream.on('error', () => outgoing.writeHead(502).end());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Points the apps of `context` at another main API (the runtime configuration is /config.js). */
export async function useMainApi(context: BrowserContext, mainApiUrl: string): Promise<void> {
  const config = JSON.stringify({
    mainApiUrl,
    trainingApiUrl: E2E.trainingApi,
    agentAppUrl: E2E.agentApp,
    staffAppUrl: E2E.staffApp,
    supportEmail: E2E.supportEmail,
  });
  await context.route(/\/config\.js$/, (route) =>
    route.fulfill({
      contentType: 'application/javascript',
      body: `window.__PORTAL_CONFIG__ = ${config};`,
    }),
  );
}
