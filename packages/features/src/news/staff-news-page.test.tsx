import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  apiHandler,
  hydraCollection,
  renderScreen,
  server,
  useMockApi,
} from '../testing';
import { newsItem } from './news.fixtures';
import { StaffNewsPage } from './staff-news-page';

describe('StaffNewsPage', () => {
  useMockApi(
    apiHandler('get', '/news', () =>
      hydraCollection([
        newsItem(1, 'Salon de Lyon'),
        newsItem(2, 'Brouillon', { displayed: false }),
      ]),
    ),
  );

  it('lists every news item, displayed or not, without the agents’ filter', async () => {
    let displayed: string | null = 'unset';
    server.use(
      apiHandler('get', '/news', ({ query }) => {
        displayed = query.get('displayed');
        return hydraCollection([newsItem(2, 'Brouillon', { displayed: false })]);
      }),
    );
    renderScreen(<StaffNewsPage />, { app: 'staff', url: '/communication/news' });
    expect(await screen.findByRole('heading', { name: /Brouillon/ })).toBeInTheDocument();
    expect(displayed).toBeNull();
    // No news_edit_page: no create link, no actions.
    expect(screen.queryByRole('link', { name: 'Créer une actualité' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
  });

  it('deletes after confirmation, and keeps the dialog open on a failure', async () => {
    const deleted: string[] = [];
    server.use(
      apiHandler('delete', '/news/{id}', ({ params }) => {
        deleted.push(String(params.id));
        return deleted.length === 1
          ? apiError(500, 'Panne simulée')
          : new Response(null, { status: 204 });
      }),
    );
    renderScreen(<StaffNewsPage />, {
      app: 'staff',
      url: '/communication/news',
      components: ['news_edit_page'],
    });
    expect(screen.getByRole('link', { name: 'Créer une actualité' })).toBeInTheDocument();

    await userEvent.click(
      await screen.findByRole('button', { name: 'Supprimer « Salon de Lyon »' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Supprimer l’actualité' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(
      await within(dialog).findByText('Une erreur est survenue : Panne simulée'),
    ).toBeVisible();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(deleted).toEqual(['1', '1']);
  });
});
