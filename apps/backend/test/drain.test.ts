import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerDrain } from '../src/http/drain.js';

/**
 * The close of an app waits for the handlers of requests whose client has gone (the process
 * closes its database right after). A plain app: the drain is all that is under test.
 */
describe('closing an app whose clients have gone mid-request', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  /** Sends GET `path` and cuts the connection once `reached` says the server has it. */
  const abandon = async (path: string, reached: Promise<void>) => {
    const port = (app!.server.address() as AddressInfo).port;
    const socket = new Promise<Socket>((resolve) => app!.server.once('connection', resolve));
    const request = http.get({ port, path, host: '127.0.0.1' });
    request.on('error', () => undefined);
    await reached;
    const closed = new Promise((resolve) => void socket.then((s) => s.once('close', resolve)));
    request.destroy();
    await closed;
  };
  /** A few turns of the event loop: what is ready to settle has settled. */
  const turns = async () => {
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
  };
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  };

  it('waits for a handler still running for a client that left', async () => {
    const events: string[] = [];
    const started = gate();
    const release = gate();
    app = Fastify({ return503OnClosing: false });
    registerDrain(app);
    app.get('/slow', async () => {
      started.open();
      await release.opened;
      events.push('handler over');
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await abandon('/slow', started.opened);

    const closed = app.close().then(() => events.push('closed'));
    await turns();
    expect(events).toEqual([]);
    release.open();
    await closed;
    expect(events).toEqual(['handler over', 'closed']);
    app = undefined;
  });

  it('does not begin the handler of a request whose client left while closing', async () => {
    const events: string[] = [];
    const checking = gate();
    const checked = gate();
    const answered = gate();
    app = Fastify({ return503OnClosing: false });
    registerDrain(app);
    app.addHook('onSend', async () => answered.open());
    // Stands for a slow access check before the handler.
    app.addHook('onRequest', async () => {
      checking.open();
      await checked.opened;
    });
    app.get('/write', async () => {
      events.push('handler ran');
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await abandon('/write', checking.opened);

    const closed = app.close().then(() => events.push('closed'));
    await turns();
    checked.open();
    await Promise.all([closed, answered.opened]);
    expect(events).toEqual(['closed']);
    app = undefined;
  });
});
