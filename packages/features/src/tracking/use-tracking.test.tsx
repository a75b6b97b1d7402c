import type { Session } from '@portal/api/main';
import { setupAuth } from '@portal/auth';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTracking } from './use-tracking';

function Tracked({ session }: { session: Session }) {
  useTracking(session, 'Mon compte');
  return <button type="button">Filtrer</button>;
}

const session = { sessionId: 'abc', token: 'jwt' } as Session;

describe('useTracking', () => {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(null, { status: 204 }));

  beforeEach(() => {
    setupAuth({
      app: 'agent',
      pages: [],
      config: {
        mainApiUrl: 'http://api.test',
        trainingApiUrl: 'http://training.test',
        agentAppUrl: 'http://agent.test',
        staffAppUrl: 'http://staff.test',
        supportEmail: 'support@exemple.fr',
      },
    });
    vi.stubGlobal('fetch', fetch);
    history.replaceState(null, '', '/my/account');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetch.mockClear();
  });

  it('records the page and clicks, and flushes them with keepalive when the tab goes', () => {
    const { getByRole } = render(<Tracked session={session} />);
    getByRole('button', { name: 'Filtrer' }).click();
    expect(fetch).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('pagehide'));
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://api.test/sessions/abc/events');
    expect(init?.keepalive).toBe(true);
    expect(
      JSON.parse(String(init?.body)).map((event: { type: string; action: string }) => [
        event.type,
        event.action,
      ]),
    ).toEqual([
      ['PAGE', 'Mon compte'],
      ['CLICK', 'Filtrer'],
    ]);
  });

  it('flushes when the tab is hidden', () => {
    render(<Tracked session={session} />);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(fetch).toHaveBeenCalledOnce();
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  });
});
