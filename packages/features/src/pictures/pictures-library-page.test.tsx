import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, server, useMockApi } from '../testing';
import { PicturesLibraryPage } from './pictures-library-page';

const picture = (id: number, title: string) => ({
  '@id': `/image_banks/${id}`,
  '@type': 'ImageBank',
  id,
  title,
  mediaObject: {
    '@id': `/media_objects/${id}`,
    '@type': 'MediaObject',
    id,
    contentUrl: `/media/${id}.png`,
  },
});

describe('PicturesLibraryPage', () => {
  useMockApi(
    apiHandler('get', '/image_banks', ({ query }) =>
      hydraCollection(
        [picture(1, 'Salon de Lyon'), picture(2, 'Séminaire')].filter((item) =>
          item.title.includes(query.get('title') ?? ''),
        ),
      ),
    ),
  );

  it('filters by title on submit, the title in the URL', async () => {
    renderScreen(<PicturesLibraryPage />, {
      app: 'staff',
      url: '/communication/pictures-library',
    });
    expect(await screen.findByRole('article', { name: 'Séminaire' })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Titre' }), 'Salon');
    await userEvent.click(screen.getByRole('button', { name: 'Filtrer' }));

    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Séminaire' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Salon de Lyon' })).toBeInTheDocument();
    expect(location.search).toBe('?title=Salon');
  });

  it('deletes a picture after confirmation', async () => {
    const deleted: string[] = [];
    server.use(
      apiHandler('delete', '/media_objects/{id}', ({ params }) => {
        deleted.push(String(params.id));
        return new Response(null, { status: 204 });
      }),
    );
    renderScreen(<PicturesLibraryPage />, {
      app: 'staff',
      url: '/communication/pictures-library',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer « Séminaire »' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer l’image' });
    expect(
      within(dialog).getByText('Une image rattachée à une actualité ne peut pas être supprimée.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(deleted).toEqual(['2']);
    expect(screen.getByText('L’image a bien été supprimée.')).toBeInTheDocument();
  });
});
