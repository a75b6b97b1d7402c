import type { APIRequestContext, Page } from '@playwright/test';
import { testPdf as pdf } from '@portal/test-files';
import { expect, expectAccessible, signIn, test } from '../support/fixtures';
import { apiToken, bearer } from '../support/news';
import { DEMO, E2E } from '../support/ports';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe('document libraries', () => {
  test('an editor fills a folder tree and notifies; the agent reads, downloads and asks for a fix', async ({
    page,
    browser,
  }) => {
    const top = `Textes E2E ${unique()}`;
    // The spec's calls the apps make (issue 39): method, path and query of each API request.
    const calls: string[] = [];
    const record = (request: import('@playwright/test').Request) => {
      const url = new URL(request.url());
      if (url.origin === new URL(E2E.mainApi).origin)
        calls.push(`${request.method()} ${url.pathname}${decodeURIComponent(url.search)}`);
    };
    page.on('request', record);
    await signIn(page, E2E.staffApp, DEMO.admin);
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
    await page.goto(`${E2E.staffApp}/library/bibliotheque`);
    await expect(page.getByRole('heading', { name: 'Bibliothèque', level: 1 })).toBeVisible();

    // Folders: the name is required.
    await page.getByRole('button', { name: 'Ajouter un dossier' }).click();
    const add = page.getByRole('dialog', { name: 'Ajouter un dossier' });
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(add.getByText('Ce champ est obligatoire.')).toBeVisible();
    await add.getByLabel('Nom du dossier').fill(top);
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Le dossier a été créé.')).toBeVisible();
    await page.getByRole('link', { name: top, exact: true }).click();
    await expect(page.getByText('Aucun fichier')).toBeVisible();
    await page.getByRole('button', { name: 'Ajouter un dossier' }).click();
    await add.getByLabel('Nom du dossier').fill('Annexes');
    await add.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('link', { name: 'Annexes' })).toBeVisible();
    const folderUrl = page.url();

    // Two files at once, each with its progress, and a notification to the agents.
    await page.getByRole('button', { name: 'Ajouter des fichiers' }).click();
    const upload = page.getByRole('dialog', { name: 'Ajouter des fichiers' });
    await upload.getByLabel('Fichiers').setInputFiles([
      { name: 'Directive DDA.pdf', mimeType: 'application/pdf', buffer: pdf('Devoir de conseil') },
      { name: 'Bareme 2026.pdf', mimeType: 'application/pdf', buffer: pdf('Bareme des frais') },
    ]);
    await upload.getByRole('checkbox', { name: 'Mandataire', exact: true }).check();
    await expectAccessible(page);
    await upload.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByText('Le fichier à été importé.')).toBeVisible();
    await expect(upload).toBeHidden();
    await expect(
      page.getByRole('button', { name: 'Directive DDA.pdf', exact: true }),
    ).toBeVisible();
    // The spec's list and upload (`file[0]`, `person`, `folderId`), one file per request.
    expect(calls).toContain('GET /media_objects?pagination=false&folder.type[]=bibliotheque');
    expect(calls.filter((call) => call === 'POST /media_objects')).toHaveLength(2);
    expect(calls.filter((call) => call.includes('/media_objects/library'))).toEqual([]);

    // A folder cannot go under its own subtree.
    await page
      .getByRole('navigation', { name: 'Fil d’Ariane' })
      .getByRole('link', { name: 'Bibliothèque' })
      .click();
    await page.getByRole('button', { name: `Modifier ${top}`, exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Modifier le dossier' });
    await edit.getByLabel('Dossier parent').selectOption({ label: `${top} / Annexes` });
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(
      edit.getByText('Erreur : le dossier ne peut pas être son propre dossier parent'),
    ).toBeVisible();
    await edit.getByRole('button', { name: 'Annuler' }).click();
    expect(calls.some((call) => /^POST \/folders\/edit\/\d+\?name=.+&path=\d+$/.test(call))).toBe(
      true,
    );

    // The agent: the bell, the recent marker until he opens the file, the zip, no editing.
    const agentContext = await browser.newContext({ locale: 'fr-FR', acceptDownloads: true });
    const agent = await agentContext.newPage();
    agent.on('request', record);
    await signIn(agent, E2E.agentApp, DEMO.agent);
    await expect(agent).toHaveURL(`${E2E.agentApp}/`);
    await agent.getByRole('button', { name: /^Notifications/ }).click();
    await expect(agent.getByRole('button', { name: new RegExp(top) })).toBeVisible();
    await agent.keyboard.press('Escape');
    await agent.goto(folderUrl.replace(E2E.staffApp, E2E.agentApp));
    const file = agent.getByRole('listitem').filter({ hasText: 'Directive DDA.pdf' });
    await expect(file.getByText('Nouveau')).toBeVisible();
    await expect(agent.getByRole('button', { name: 'Ajouter des fichiers' })).toHaveCount(0);
    await expect(agent.getByRole('button', { name: /^Modifier/ })).toHaveCount(0);
    await expectAccessible(agent);
    const opened = agentContext.waitForEvent('page');
    await agent.getByRole('button', { name: 'Directive DDA.pdf', exact: true }).click();
    await (await opened).close();
    await expect(file.getByText('Nouveau')).toHaveCount(0);
    // The spec's read state: the unread list, then the file marked read.
    expect(calls.some((call) => call.startsWith('GET /media_object_lists?'))).toBe(true);
    expect(calls.some((call) => /^PATCH \/media_object_lists\/\d+$/.test(call))).toBe(true);
    await expect(
      agent.getByRole('listitem').filter({ hasText: 'Bareme 2026.pdf' }).getByText('Nouveau'),
    ).toBeVisible();

    await agent
      .getByRole('navigation', { name: 'Fil d’Ariane' })
      .getByRole('link', { name: 'Bibliothèque' })
      .click();
    const download = agent.waitForEvent('download');
    await agent.getByRole('button', { name: `Télécharger le dossier ${top} (zip)` }).click();
    const zip = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of zip) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    // Entry names are stored as written in the zip's headers.
    expect(bytes.includes(Buffer.from(`${top}/Directive DDA.pdf`))).toBe(true);
    expect(bytes.includes(Buffer.from(`${top}/Bareme 2026.pdf`))).toBe(true);

    // A modification request: sent by the agent, handled by staff, then read-only for him.
    const requestTitle = `Barème à jour ${unique()}`;
    await agent.goto(`${E2E.agentApp}/library/demandes-modification`);
    await agent.getByRole('button', { name: 'Créer une Demande de Modification' }).click();
    const ask = agent.getByRole('dialog', { name: 'Créer une Demande de Modification' });
    await ask.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(ask.getByText('Ce champ est obligatoire.')).toHaveCount(3);
    await ask.getByLabel('Titre', { exact: true }).fill(requestTitle);
    await ask.getByRole('textbox', { name: 'Description' }).fill('Les frais de 2026 manquent.');
    // The picker names each document with its library and folder.
    await ask.getByRole('combobox', { name: 'Document' }).fill(`${top} bareme`);
    await ask.getByRole('option', { name: `Bibliothèque / ${top} / Bareme 2026.pdf` }).click();
    await ask.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(agent.getByText('la demande est envoyé')).toBeVisible();

    await page.goto(`${E2E.staffApp}/library/demandes-modification`);
    await page.getByRole('link', { name: requestTitle }).click();
    const handle = page.getByRole('dialog', { name: 'Demande de modification' });
    await handle.getByLabel('Statut', { exact: true }).selectOption('traitée');
    await handle.getByLabel('Commentaire', { exact: true }).fill('Barème remplacé.');
    await handle.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('la demande est mise à jour')).toBeVisible();

    await agent.reload();
    const row = agent.getByRole('row').filter({ hasText: requestTitle });
    await expect(row.getByText('traitée')).toBeVisible();
    await expect(row.getByText('Barème remplacé.')).toBeVisible();
    await expectAccessible(agent);
    await row.getByRole('link', { name: requestTitle }).click();
    const view = agent.getByRole('dialog', { name: 'Demande de modification' });
    await expect(view.getByLabel('Statut', { exact: true })).toBeDisabled();
    // Read-only fields do not look editable: no frame, no drop-down arrow (issue 41).
    for (const label of ['Titre', 'Document', 'Statut', 'Commentaire'])
      expect(
        await view.getByLabel(label, { exact: true }).evaluate((element) => {
          const style = getComputedStyle(element);
          return { border: style.borderTopColor, appearance: style.appearance };
        }),
        label,
      ).toEqual({ border: 'rgba(0, 0, 0, 0)', appearance: 'none' });
    await expect(view.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
    await agentContext.close();

    // The editor renames and moves a file, then deletes it: the spec's calls.
    await page.goto(folderUrl);
    await page.getByRole('button', { name: 'Modifier Directive DDA.pdf', exact: true }).click();
    const fileEdit = page.getByRole('dialog', { name: 'Modifier le fichier' });
    await fileEdit.getByLabel('Nom du fichier').fill('Directive DDA 2026.pdf');
    await fileEdit
      .getByLabel('Dossier', { exact: true })
      .selectOption({ label: `${top} / Annexes` });
    await fileEdit.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Modification effectuée avec succès.')).toBeVisible();
    await page.getByRole('link', { name: 'Annexes' }).click();
    await page
      .getByRole('button', { name: 'Supprimer Directive DDA 2026.pdf', exact: true })
      .click();
    await page
      .getByRole('dialog', { name: 'Supprimer le fichier' })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await expect(page.getByText('La suppression a été effectuée.')).toBeVisible();
    await expect(page.getByText('Aucun fichier')).toBeVisible();
    expect(
      calls.some((call) =>
        /^POST \/media_objects\/edit\/\d+\?name=Directive DDA 2026\.pdf&path=\d+$/.test(call),
      ),
    ).toBe(true);
    expect(calls.some((call) => /^DELETE \/media_objects\/\d+$/.test(call))).toBe(true);
  });
});

type Made = { id: number; '@id': string };

/** A folder and files made through the API (the admin's token), for the checks below. */
async function makeFolder(
  request: APIRequestContext,
  token: string,
  name: string,
  parentFolder: number | null = null,
): Promise<Made> {
  const response = await request.post(`${E2E.mainApi}/folders`, {
    headers: bearer(token),
    data: { name, type: 'bibliotheque', parentFolder },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Made;
}

async function makeFile(
  request: APIRequestContext,
  token: string,
  folder: number,
  name: string,
): Promise<Made> {
  const response = await request.post(`${E2E.mainApi}/media_objects`, {
    headers: bearer(token),
    multipart: {
      'file[0]': { name, mimeType: 'application/pdf', buffer: pdf(name) },
      folderId: String(folder),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { 'hydra:member': Made[] })['hydra:member'][0]!;
}

/** The agent's 'Créer une Demande de Modification' dialog, opened from the requests page. */
async function openRequestDialog(page: Page) {
  await signIn(page, E2E.agentApp, DEMO.agent);
  await expect(page).toHaveURL(`${E2E.agentApp}/`);
  await page.goto(`${E2E.agentApp}/library/demandes-modification`);
  const create = page.getByRole('button', { name: 'Créer une Demande de Modification' });
  await create.click();
  return { create, ask: page.getByRole('dialog', { name: 'Créer une Demande de Modification' }) };
}

async function removeFolder(request: APIRequestContext, token: string, id: number) {
  const response = await request.delete(`${E2E.mainApi}/folders/${id}`, { headers: bearer(token) });
  expect(response.status()).toBe(204);
}

/** Every name of the folder's list shows whole: no ellipsis, nothing cut off. */
async function expectWholeNames(page: Page, names: string[]) {
  const list = page.getByRole('list', { name: 'Contenu du dossier' });
  for (const name of names) {
    const entry = list.getByText(name, { exact: true });
    await expect(entry).toBeVisible();
    const box = await entry.evaluate((element) => ({
      overflow: element.scrollWidth - element.clientWidth,
      ellipsis: getComputedStyle(element).textOverflow === 'ellipsis',
    }));
    expect(box, name).toEqual({ overflow: 0, ellipsis: false });
  }
}

test.describe('document libraries on a phone and from the keyboard (issue 41)', () => {
  test('a phone shows long file and folder names whole, for staff and agents', async ({
    page,
    browser,
    request,
  }) => {
    const token = await apiToken(request, DEMO.admin);
    const top = await makeFolder(request, token, `Réglementation téléphone ${unique()}`);
    const folderName = 'Réglementation des placements financiers et immobiliers';
    const fileName = 'Réglementation des placements financiers et immobiliers 2026.pdf';
    await makeFolder(request, token, folderName, top.id);
    await makeFile(request, token, top.id, fileName);

    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, E2E.staffApp, DEMO.admin);
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
    await page.goto(`${E2E.staffApp}/library/bibliotheque/${top.id}`);
    await expectWholeNames(page, [folderName, fileName]);

    const agentContext = await browser.newContext({
      locale: 'fr-FR',
      viewport: { width: 390, height: 844 },
    });
    const agent = await agentContext.newPage();
    await signIn(agent, E2E.agentApp, DEMO.agent);
    await expect(agent).toHaveURL(`${E2E.agentApp}/`);
    await agent.goto(`${E2E.agentApp}/library/bibliotheque/${top.id}`);
    await expectWholeNames(agent, [folderName, fileName]);
    await expectAccessible(agent);
    await agentContext.close();
    await removeFolder(request, token, top.id);
  });

  test('focus stays on the page after a folder is deleted from the keyboard', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO.admin);
    const top = await makeFolder(request, token, `Focus ${unique()}`);
    await makeFolder(request, token, 'À supprimer', top.id);
    await makeFolder(request, token, 'À garder', top.id);
    await signIn(page, E2E.staffApp, DEMO.admin);
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
    await page.goto(`${E2E.staffApp}/library/bibliotheque/${top.id}`);
    await page.getByRole('button', { name: 'Supprimer À supprimer', exact: true }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Supprimer le dossier' });
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Supprimer', exact: true }).press('Enter');
    await expect(page.getByText('La suppression a été effectuée.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'À supprimer' })).toHaveCount(0);
    // The deleted entry's button is gone: focus goes to the folder's contents, not the page.
    await expect(page.getByRole('region', { name: 'Dans ce dossier' })).toBeFocused();
    // Tab goes on from there, into the remaining entries.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'À garder' })).toBeFocused();
    await removeFolder(request, token, top.id);
  });

  test('the request picker tells same-named documents apart by their folder', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO.admin);
    const mark = unique();
    const top = await makeFolder(request, token, `Marketing ${mark}`);
    const first = await makeFolder(request, token, 'Agences', top.id);
    const second = await makeFolder(request, token, 'Partenaires', top.id);
    await makeFile(request, token, first.id, `Plaquette ${mark}.pdf`);
    await makeFile(request, token, second.id, `Plaquette ${mark}.pdf`);

    const { ask } = await openRequestDialog(page);
    const picker = ask.getByRole('combobox', { name: 'Document' });
    await picker.fill(`Plaquette ${mark}`);
    const inFirst = `Bibliothèque / Marketing ${mark} / Agences / Plaquette ${mark}.pdf`;
    const inSecond = `Bibliothèque / Marketing ${mark} / Partenaires / Plaquette ${mark}.pdf`;
    await expect(ask.getByRole('option')).toHaveText([inFirst, inSecond]);
    // The folder is searched too.
    await picker.fill(`${mark} partenaires`);
    await expect(ask.getByRole('option')).toHaveText([inSecond]);
    await expectAccessible(page);
    await ask.getByRole('option', { name: inSecond }).click();
    await expect(picker).toHaveValue(inSecond);

    await removeFolder(request, token, top.id);
  });

  test('Escape closes the request dialog from inside its rich-text editor', async ({ page }) => {
    const { create, ask } = await openRequestDialog(page);
    await ask.getByRole('textbox', { name: 'Description' }).fill('Une coquille.');
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await expect(create).toBeFocused();
  });
});
