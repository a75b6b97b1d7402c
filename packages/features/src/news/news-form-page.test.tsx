import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { newsItem } from './news.fixtures';
import { NewsEditPage } from './news-pages';

const news = newsItem(7, 'Salon de Lyon', {
  imageBank: { '@id': '/image_banks/3', id: 3, title: 'Salon', mediaObject: null },
} as never);

describe('NewsEditPage', () => {
  useMockApi(
    apiHandler('get', '/news/{id}', () => news),
    apiHandler('get', '/news', () => hydraCollection([])),
    apiHandler('get', '/profiles', () => hydraCollection([])),
    apiHandler('patch', '/news/{id}', () => apiError(503, 'Service indisponible')),
  );

  it('keeps what was typed when the save fails, with the API’s message', async () => {
    sessionStorage.clear();
    renderScreen(<NewsEditPage params={{ id: '7' }} />, {
      app: 'staff',
      url: '/communication/news/7/edit',
      components: ['news_edit_page'],
    });
    const title = await screen.findByRole('textbox', { name: /^Titre/ });
    expect(title).toHaveValue('Salon de Lyon');
    expect(screen.getByRole('textbox', { name: /^Date de publication/ })).toHaveValue('10/01/2026');

    await userEvent.clear(title);
    await userEvent.type(title, 'Salon de Lyon modifié');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(
      await screen.findByText('Une erreur est survenue : Service indisponible'),
    ).toBeInTheDocument();
    expect(title).toHaveValue('Salon de Lyon modifié');
  });
});
