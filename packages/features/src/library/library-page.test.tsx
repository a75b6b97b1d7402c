import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Folder } from '@portal/api/library';
import { describe, expect, it } from 'vitest';
import { apiHandler, hydraCollection, renderScreen, useMockApi } from '../testing';
import { libraryFile, readState } from './library.fixtures';
import { LibraryPage } from './library-page';

const folder = (id: number, name: string, parentFolder: number | null): Folder => ({
  '@id': `/folders/${id}`,
  '@type': 'Folder',
  id,
  name,
  type: 'bibliotheque',
  person: null,
  parentFolder: parentFolder === null ? null : `/folders/${parentFolder}`,
  childrenFolders: [],
  mediaObjects: [],
  createdAt: '2026-11-01T10:00:00Z',
});
const file = (id: number, displayName: string, folderId: number, isRecent: boolean) =>
  libraryFile(id, { displayName, folder: folderId, size: 120_000, isRecent });

/** The 'Réglementaire' folder at `url` as a reader sees it, once its content is listed. */
async function readerFolder(url: string) {
  renderScreen(<LibraryPage type="bibliotheque" folderId="1" />, {
    url,
    components: ['library_page'],
  });
  return screen.findByRole('list', { name: 'Contenu du dossier' });
}

describe('LibraryPage', () => {
  useMockApi(
    apiHandler('get', '/folders', () =>
      hydraCollection([folder(1, 'Réglementaire', null), folder(2, 'Directives', 1)]),
    ),
    apiHandler('get', '/media_objects', () =>
      hydraCollection([file(10, 'Questionnaire.pdf', 1, true), file(11, 'Charte.pdf', 1, false)]),
    ),
    // The recent marker comes from the spec's read state, not from `isRecent`.
    apiHandler('get', '/media_object_lists', () => hydraCollection([readState(10)])),
    apiHandler('get', '/media_objects/search', () =>
      hydraCollection([
        {
          ...file(12, 'Annexe.pdf', 2, false),
          headline: 'le questionnaire d’[[adequation]] du client',
        },
      ]),
    ),
  );

  it('shows breadcrumbs, folders then files with the recent marker, and no editing for a reader', async () => {
    const list = await readerFolder('/library/bibliotheque/1');
    const names = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(names[0]).toContain('Directives');
    expect(names[1]).toContain('Charte.pdf');
    expect(names[2]).toContain('Questionnaire.pdf');
    expect(names[2]).toContain('Nouveau');
    expect(names[1]).not.toContain('Nouveau');
    const crumbs = screen.getByRole('navigation', { name: 'Fil d’Ariane' });
    expect(within(crumbs).getByRole('link', { name: 'Bibliothèque' })).toHaveAttribute(
      'href',
      '/library/bibliotheque',
    );
    expect(within(crumbs).getByText('Réglementaire')).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Ajouter un dossier' })).not.toBeInTheDocument();
    // Opening or downloading a file is a document for the usage analytics, named by the file.
    for (const name of ['Charte.pdf', /Télécharger.*Charte\.pdf/]) {
      expect(within(list).getByRole('button', { name })).toHaveAttribute(
        'data-track-document',
        'Charte.pdf',
      );
    }
  });

  it('marks the file a copied link names', async () => {
    const list = await readerFolder('/library/bibliotheque/1?file=11');
    const marked = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.getAttribute('aria-current') === 'true');
    expect(marked.map((item) => item.textContent)).toEqual([expect.stringContaining('Charte.pdf')]);
  });

  it('searches the other folders and shows the matching passage', async () => {
    renderScreen(<LibraryPage type="bibliotheque" folderId="1" />, {
      url: '/library/bibliotheque/1',
      components: ['library_page', 'library_edit'],
    });
    await screen.findByRole('list', { name: 'Contenu du dossier' });
    expect(screen.getByRole('button', { name: 'Ajouter des fichiers' })).toBeInTheDocument();
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Rechercher un document' }),
      'adéquation',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    const others = await screen.findByRole('list', { name: 'Dans les autres dossiers' });
    expect(within(others).getByText('adequation').tagName).toBe('MARK');
    expect(within(others).getByText(/Réglementaire \/ Directives/)).toBeInTheDocument();
    expect(screen.getByText('Aucun fichier')).toBeInTheDocument();
  });

  it('chooses the files to upload with a French button and lists the names chosen', async () => {
    const user = userEvent.setup();
    renderScreen(<LibraryPage type="bibliotheque" folderId="1" />, {
      url: '/library/bibliotheque/1',
      components: ['library_page', 'library_edit'],
    });
    await user.click(await screen.findByRole('button', { name: 'Ajouter des fichiers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter des fichiers' });
    const input = within(dialog).getByLabelText('Fichiers');
    // The native control ('Choose Files') is hidden behind the kit's French button.
    expect(input).toHaveClass('sr-only');
    expect(within(dialog).getByText('Choisir des fichiers')).toBeVisible();
    expect(within(dialog).getByText('Aucun fichier choisi')).toBeInTheDocument();
    await user.upload(input, [
      new File(['%PDF'], 'Directive DDA.pdf', { type: 'application/pdf' }),
      new File(['%PDF'], 'Bareme 2026.pdf', { type: 'application/pdf' }),
    ]);
    expect(within(dialog).getByText('Directive DDA.pdf, Bareme 2026.pdf')).toBeInTheDocument();
  });
});
