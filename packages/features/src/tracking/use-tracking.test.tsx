import type { Session } from '@portal/api/main';
import { setupAuth } from '@portal/auth';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTracking } from './use-tracking';

function Tracked({
  session,
  page = { title: 'Mon compte', route: '/my/account' },
}: {
  session: Session;
  page?: { title: string; route: string };
}) {
  useTracking(session, page);
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

  it('keys the page and its clicks by the route pattern, named by the French title', () => {
    history.replaceState(null, '', '/library/bibliotheque/12');
    const { getByRole } = render(
      <Tracked
        session={session}
        page={{ title: 'Bibliothèque', route: '/library/bibliotheque/:folderId' }}
      />,
    );
    getByRole('button', { name: 'Filtrer' }).click();
    window.dispatchEvent(new Event('pagehide'));
    const sent = JSON.parse(String(fetch.mock.calls[0]![1]?.body)) as Record<string, string>[];
    expect(sent.map(({ type, action, path, route }) => ({ type, action, path, route }))).toEqual([
      {
        type: 'PAGE',
        action: 'Bibliothèque',
        path: '/library/bibliotheque/12',
        route: '/library/bibliotheque/:folderId',
      },
      {
        type: 'CLICK',
        action: 'Filtrer',
        path: '/library/bibliotheque/12',
        route: '/library/bibliotheque/:folderId',
      },
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
