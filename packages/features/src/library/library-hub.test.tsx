import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { libraryFile, readState } from './library.fixtures';
import { LibraryHub } from './library-hub';

const file = (id: number, isRecent: boolean) => libraryFile(id, { isRecent });

const asked: string[] = [];

describe('LibraryHub', () => {
  useMockApi(
    // The spec's calls: the file list and the caller's unread files (read state).
    apiHandler('get', '/media_objects', ({ query }) => {
      const type = query.get('folder.type[]') ?? '';
      asked.push(type);
      return hydraCollection(
        type === 'bibliotheque' ? [file(1, true), file(2, true), file(3, false)] : [file(4, false)],
      );
    }),
    apiHandler('get', '/media_object_lists', ({ query }) =>
      hydraCollection(
        query.get('mediaObject.folder.type[]') === 'bibliotheque' &&
          query.get('readByUser') === 'false' &&
          query.get('user.email') === 'claire.martin@exemple.fr'
          ? [readState(1), readState(2)]
          : [],
      ),
    ),
  );

  it('shows a card per library held, with its documents and the new ones, then the requests', async () => {
    asked.length = 0;
    renderScreen(<LibraryHub />, {
      url: '/library',
      components: [
        'library_page',
        'trainers_club_documentation_page',
        'modification_requests_page',
      ],
    });
    expect(screen.getByRole('heading', { name: 'Documents', level: 1 })).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Documents et demandes' })).getAllByRole(
      'listitem',
    );
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Bibliothèque',
      'Trainer’s Club',
      'Demandes de modification',
    ]);
    expect(within(cards[0]!).getByRole('link', { name: 'Bibliothèque' })).toHaveAttribute(
      'href',
      '/library/bibliotheque',
    );
    expect(await within(cards[0]!).findByText('3 documents')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('dont 2 nouveaux')).toBeInTheDocument();
    expect(await within(cards[1]!).findByText('1 document')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText(/nouveau/)).toBeNull();
    expect(within(cards[2]!).getByRole('link')).toHaveAttribute(
      'href',
      '/library/demandes-modification',
    );
    // Only the libraries held are asked for.
    expect([...asked].sort()).toEqual(['bibliotheque', 'trainers-club']);
  });

  it('says so when no library is open to the reader', () => {
    renderScreen(<LibraryHub />, { url: '/library', components: ['library_page_other'] });
    expect(screen.getByText('Aucune bibliothèque ne vous est ouverte.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
