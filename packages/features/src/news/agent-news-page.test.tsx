import { createQueryClient } from '@portal/api/query-client';
import { setupAuth } from '@portal/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AgentNewsPage } from './agent-news-page';

const newsItem = (id: number, title: string, isRead: boolean) => ({
  '@id': `/news/${id}`,
  '@type': 'News',
  id,
  title,
  date: '2026-01-10T09:00:00.000Z',
  content: '<p>Contenu</p>',
  displayed: true,
  hasPopup: false,
  sliderDisplayed: false,
  imageBank: null,
  profilesToNotify: [],
  isRead,
});

describe('AgentNewsPage', () => {
  const fetch = vi.fn<typeof globalThis.fetch>(async () =>
    Response.json({
      '@id': '/news',
      '@type': 'hydra:Collection',
      'hydra:member': [newsItem(1, 'Déjà lue', true), newsItem(2, 'Pas encore lue', false)],
      'hydra:totalItems': 2,
    }),
  );

  beforeEach(() => {
    // Before setupAuth: the API client keeps the fetch it finds when it is configured.
    vi.stubGlobal('fetch', fetch);
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
    history.replaceState(null, '', '/news');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetch.mockClear();
  });

  it('shows the read state GET /news gives with each item, in one call', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AgentNewsPage />
      </QueryClientProvider>,
    );
    const unread = await screen.findByRole('heading', { name: /Pas encore lue/ });
    expect(unread).toHaveTextContent('Non lue');
    expect(screen.getByRole('heading', { name: /Déjà lue/ })).not.toHaveTextContent('Non lue');
    const urls = fetch.mock.calls.map(([input]) =>
      input instanceof Request ? input.url : String(input),
    );
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/^http:\/\/api\.test\/news\?/);
  });
});
