import type { DocumentModificationRequest } from '@portal/api/library';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { libraryFile } from './library.fixtures';
import { ModificationRequestsPage } from './modification-requests-page';

const TOTAL = 14;
const request = (id: number): DocumentModificationRequest => ({
  '@id': `/document_modification_requests/${id}`,
  '@type': 'DocumentModificationRequest',
  id,
  createdAt: `2026-11-${String(25 - id).padStart(2, '0')}T10:00:00Z`,
  title: `Demande ${id}`,
  description: '<p>Les frais manquent.</p>',
  mediaObject: {
    '@id': '/media_objects/7',
    id: 7,
    displayName: 'Bareme 2026.pdf',
    filePath: 'library/uploads/7.pdf',
    folder: { id: 1, type: 'bibliotheque' },
  },
  status: id === 1 ? 'traitée' : 'en étude',
  comment: id === 1 ? 'Barème remplacé.' : null,
  applicant: { id: 3, fullName: 'Claire Martin' },
});
const queries: URLSearchParams[] = [];
// AG Grid may rebuild its region as rows come: looked up each time.
const regionOf = () => screen.getByRole('region', { name: 'Liste des demandes de modification' });

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
const observers: { callback: Callback }[] = [];
class FakeObserver {
  constructor(public callback: Callback) {
    observers.push(this);
  }
  observe() {}
  disconnect() {}
}

describe('ModificationRequestsPage', () => {
  useMockApi(
    apiHandler('get', '/document_modification_requests', ({ query }) => {
      queries.push(query);
      const page = Number(query.get('page'));
      const from = (page - 1) * 10;
      const ids = Array.from({ length: Math.min(10, TOTAL - from) }, (_, i) => from + i + 1);
      return hydraCollection(ids.map(request), TOTAL);
    }),
    apiHandler('get', '/folders', () =>
      hydraCollection([
        {
          '@id': '/folders/1',
          '@type': 'Folder',
          id: 1,
          name: 'Marketing',
          type: 'bibliotheque',
          person: null,
          parentFolder: null,
          childrenFolders: [],
          mediaObjects: [],
          createdAt: '2026-11-01T10:00:00Z',
        },
      ]),
    ),
    apiHandler('get', '/media_objects', () =>
      hydraCollection([libraryFile(7, { displayName: 'Bareme 2026.pdf' })]),
    ),
  );
  afterEach(() => {
    queries.length = 0;
    observers.length = 0;
    vi.unstubAllGlobals();
  });

  it('lists 10 newest first, loads the next 10 at the end of the grid, and says the end', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    renderScreen(<ModificationRequestsPage />, {
      url: '/library/demandes-modification',
      components: ['modification_requests_page', 'library_page'],
    });
    const grid = await screen.findByRole('region', { name: 'Liste des demandes de modification' });
    await waitFor(() => expect(grid).toHaveTextContent('Demande 10'));
    expect(grid).not.toHaveTextContent('Demande 11');
    expect(queries[0]?.get('order[createdAt]')).toBe('desc');
    expect(queries[0]?.get('itemsPerPage')).toBe('10');
    expect(screen.getByText('14 demandes')).toBeInTheDocument();
    // Agents do not see the applicant column.
    expect(within(grid).queryByText('Demandeur')).toBeNull();
    expect(within(grid).getByText('Commentaire')).toBeInTheDocument();

    // The sentinel under the grid comes into view: the next page.
    observers.at(-1)!.callback([{ isIntersecting: true }]);
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
    // Every row loaded (jsdom has no layout: AG Grid draws only its first rows, so count them).
    await waitFor(() =>
      expect(within(regionOf()).getByRole('grid')).toHaveAttribute('aria-rowcount', '15'),
    );
    expect(queries.at(-1)?.get('page')).toBe('2');
    expect(await screen.findByText("Il n'y a plus d'actualité à afficher.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Charger plus de demandes' })).toBeNull();
  });

  it('loads more with the button too, keeps the filters in the URL, and opens a request read-only', async () => {
    const user = userEvent.setup();
    renderScreen(<ModificationRequestsPage />, {
      url: '/library/demandes-modification',
      components: ['modification_requests_page', 'library_page'],
    });
    const grid = await screen.findByRole('region', { name: 'Liste des demandes de modification' });
    await waitFor(() => expect(grid).toHaveTextContent('Demande 10'));
    await user.click(screen.getByRole('button', { name: 'Charger plus de demandes' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
    // Every row loaded (jsdom has no layout: AG Grid draws only its first rows, so count them).
    await waitFor(() =>
      expect(within(regionOf()).getByRole('grid')).toHaveAttribute('aria-rowcount', '15'),
    );

    const filters = screen.getByRole('search', { name: 'Filtres' });
    // The kit's JJ/MM/AAAA field, and the document chosen by its folder in the picker.
    await user.type(within(filters).getByRole('textbox', { name: 'au' }), '20/11/2026');
    await user.type(
      within(filters).getByRole('combobox', { name: 'Nom du document' }),
      'marketing',
    );
    await user.click(
      await within(filters).findByRole('option', {
        name: 'Bibliothèque / Marketing / Bareme 2026.pdf',
      }),
    );
    await user.selectOptions(within(filters).getByLabelText('Statut'), 'traitée');
    await user.click(within(filters).getByLabelText('Mes demandes'));
    await user.click(within(filters).getByRole('button', { name: 'Filtrer' }));
    await waitFor(() =>
      expect(window.location.search).toBe(
        '?createdAt%5Bbefore%5D=2026-11-20&mine=true&mediaObject.id=7&status=trait%C3%A9e',
      ),
    );
    await waitFor(() => expect(queries.at(-1)?.get('applicant.id')).toBe('1'));
    expect(queries.at(-1)?.get('status')).toBe('traitée');
    expect(queries.at(-1)?.get('createdAt[before]')).toBe('2026-11-20');
    expect(queries.at(-1)?.get('mediaObject.id')).toBe('7');
    expect(queries.at(-1)?.has('mine')).toBe(false);
    expect(queries.at(-1)?.has('createdAt[after]')).toBe(false);

    await user.click(await within(grid).findByRole('link', { name: 'Demande 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Demande de modification' });
    expect(window.location.search).toContain('request=1');
    expect(within(dialog).getByLabelText('Statut')).toBeDisabled();
    expect(within(dialog).getByLabelText('Commentaire')).toHaveValue('Barème remplacé.');
    expect(within(dialog).queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });

  it('shows the applicant to staff', async () => {
    renderScreen(<ModificationRequestsPage />, {
      app: 'staff',
      url: '/library/demandes-modification',
      components: ['modification_requests_page', 'modification_requests_edit', 'library_page'],
    });
    const grid = await screen.findByRole('region', { name: 'Liste des demandes de modification' });
    await waitFor(() => expect(grid).toHaveTextContent('Claire Martin'));
    expect(within(grid).getByText('Demandeur')).toBeInTheDocument();
  });
});
