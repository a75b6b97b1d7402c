import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen, useMockApi } from '../testing';
import { NewsPopupHost } from './news-popup-host';
import { newsItem } from './news.fixtures';

const marked: string[] = [];
let cleared = 0;

describe('news popup after sign-in', () => {
  useMockApi(
    http.get('*/news_list/user', () =>
      HttpResponse.json({
        'hydra:member': [
          {
            '@id': '/news_lists/41',
            '@type': 'NewsList',
            id: 41,
            isRead: false,
            news: newsItem(4, 'Nouvelle gamme', { hasPopup: true }),
          },
        ],
        'hydra:totalItems': 1,
      }),
    ),
    http.patch('*/news_lists/:id', ({ params }) => {
      marked.push(String(params.id));
      return HttpResponse.json({ id: Number(params.id), isRead: true });
    }),
    http.post('*/me/login-agent/clear', () => {
      cleared += 1;
      return new HttpResponse(null, { status: 204 });
    }),
  );

  it("marks the item read, clears the flag, and gives focus to the page's heading", async () => {
    const user = userEvent.setup();
    renderScreen(
      <>
        <main>
          <h1>Accueil</h1>
        </main>
        <NewsPopupHost />
      </>,
      { session: { onLoginAgent: true } },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle gamme' });
    await user.click(within(dialog).getByRole('button', { name: 'Lu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Accueil' })).toHaveFocus());
    expect(marked).toEqual(['41']);
    await waitFor(() => expect(cleared).toBe(1));
  });
});
