import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, server, useMockApi } from '../testing';
import { AgentNewsPage } from './agent-news-page';
import { newsItem } from './news.fixtures';

describe('AgentNewsPage', () => {
  useMockApi();

  it('shows the read state GET /news gives with each item, in one call', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      apiHandler('get', '/news', ({ query }) => {
        queries.push(query);
        return hydraCollection([
          newsItem(1, 'Déjà lue', { isRead: true }),
          newsItem(2, 'Pas encore lue', { isRead: false }),
        ]);
      }),
    );
    renderScreen(<AgentNewsPage />, { url: '/news' });

    const unread = await screen.findByRole('heading', { name: /Pas encore lue/ });
    expect(unread).toHaveTextContent('Non lue');
    expect(screen.getByRole('heading', { name: /Déjà lue/ })).not.toHaveTextContent('Non lue');
    expect(queries).toHaveLength(1);
    expect(queries[0]!.get('displayed')).toBe('true');
  });

  it('applies the filters on submit, under the API names in the URL', async () => {
    const titles: (string | null)[] = [];
    server.use(
      apiHandler('get', '/news', ({ query }) => {
        titles.push(query.get('title'));
        return hydraCollection([]);
      }),
    );
    renderScreen(<AgentNewsPage />, { url: '/news' });
    expect(await screen.findByText('Il n’y a pas d’actualités pour la sélection courante.'));

    await userEvent.type(screen.getByRole('textbox', { name: 'Titre' }), 'Salon');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Publiée à partir du' }),
      '05/01/2026',
    );
    expect(titles).toEqual([null]);
    await userEvent.click(screen.getByRole('button', { name: 'Filtrer' }));

    await waitFor(() => expect(titles).toEqual([null, 'Salon']));
    expect(new URLSearchParams(location.search).get('date[after]')).toBe('2026-01-05');
  });
});
