import { describe, expect, it, vi } from 'vitest';
import { createTracker } from './tracker';

const endpoint = 'http://api.test/sessions/4a4b/events';

function fakeFetch(status = 204) {
  return vi.fn<typeof fetch>(async () => new Response(null, { status }));
}

const body = (call: Parameters<typeof fetch>) => JSON.parse(String(call[1]?.body));

describe('createTracker', () => {
  const now = () => new Date('2026-11-23T09:00:00Z');

  it('posts the events 5 at a time with the bearer token', () => {
    const fetch = fakeFetch();
    const tracker = createTracker({ endpoint, token: 'jwt', fetch, now, device: 'PC' });
    for (let i = 1; i <= 4; i++) tracker.record('CLICK', `Bouton ${i}`, '/news');
    expect(fetch).not.toHaveBeenCalled();

    tracker.record('PAGE', 'Actualités', '/news');
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(endpoint);
    expect(init).toMatchObject({ method: 'POST', keepalive: false });
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer jwt');
    const events = body(fetch.mock.calls[0]!);
    expect(events).toHaveLength(5);
    expect(events[4]).toEqual({
      type: 'PAGE',
      action: 'Actualités',
      path: '/news',
      // No route pattern given: the path is the page's key.
      route: '/news',
      timestamp: '2026-11-23T09:00:00.000Z',
      device: 'PC',
    });
    expect(tracker.pending()).toBe(0);
  });

  it('flushes what is left with keepalive, so closing the tab loses nothing', () => {
    const fetch = fakeFetch();
    const tracker = createTracker({ endpoint, token: 'jwt', fetch, now, device: 'Smartphone' });
    tracker.record('CLICK', 'Filtrer', '/my-customers');
    tracker.record('DOCUMENT', 'contrat.pdf', '/library/bibliotheque');
    tracker.flush();
    expect(fetch).toHaveBeenCalledOnce();
    expect(fetch.mock.calls[0]![1]).toMatchObject({ keepalive: true });
    expect(body(fetch.mock.calls[0]!).map((event: { type: string }) => event.type)).toEqual([
      'CLICK',
      'DOCUMENT',
    ]);
    tracker.flush();
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('skips the paths the spec excludes', () => {
    const fetch = fakeFetch();
    const tracker = createTracker({ endpoint, token: 'jwt', fetch, now, device: 'PC' });
    for (const path of [
      '/accueil',
      '/login',
      '/forbidden',
      '/not-found',
      '/redirect/odysseal',
      '/tracking/global',
      '/tracking/users/3/details',
      '/odysseal/roles',
    ]) {
      tracker.record('PAGE', 'Page', path);
    }
    expect(tracker.pending()).toBe(0);
    tracker.record('PAGE', 'Accueil', '/');
    expect(tracker.pending()).toBe(1);
  });

  it('puts a batch back when the network fails, and sends it with the next one', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(new Response(null, { status: 204 }));
    const tracker = createTracker({ endpoint, token: 'jwt', fetch, now, device: 'PC' });
    for (let i = 0; i < 5; i++) tracker.record('CLICK', `Bouton ${i}`, '/news');
    await vi.waitFor(() => expect(tracker.pending()).toBe(5));
    tracker.flush();
    expect(body(fetch.mock.calls[1]!)).toHaveLength(5);
  });

  it('drops a batch the backend rejects as malformed rather than retrying it forever', async () => {
    const fetch = fakeFetch(400);
    const tracker = createTracker({ endpoint, token: 'jwt', fetch, now, device: 'PC' });
    for (let i = 0; i < 5; i++) tracker.record('CLICK', 'x', '/news');
    await Promise.resolve();
    await Promise.resolve();
    expect(tracker.pending()).toBe(0);
  });
});
