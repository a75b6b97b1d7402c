import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator } from '@playwright/test';
import {
  bombZip,
  handZip as zip,
  mappingXlsx as mapping,
  testPdf,
  zipNames,
} from '@portal/test-files';
import { expect, expectAccessible, signIn, test } from '../support/fixtures';
import { DEMO, DEMO_PASSWORD, E2E } from '../support/ports';

/** A year no seeded invoice uses, so the agent's month holds only what this flow files. */
const YEAR = 2015;
const MONTH = 6;
const COUNT = 200;

/** A small PDF padded with 4 KB of random bytes (incompressible: a real upload). */
const pdf = (text: string) => testPdf(text, { padBytes: 4096 });

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post(`${E2E.mainApi}/token`, {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const name = (i: number) => `Facture_${String(i).padStart(3, '0')}.pdf`;
/** Half of the invoices to Claire (CGP0001), half to Julien (CGP0002). */
const owner = (i: number) => (i % 2 === 0 ? 'CGP0001' : 'CGP0002');

test.describe.serial('invoices', () => {
  test('staff dispatch 200 invoices with their mapping, one execution at a time; bad zips are refused', async ({
    page,
    request,
  }) => {
    const invoices = Array.from({ length: COUNT }, (_, i) => ({
      name: name(i),
      data: pdf(name(i)),
    }));
    const rows = invoices.map((_, i) => [name(i), owner(i), YEAR, MONTH]);
    const mappingFile = await mapping(rows);

    await signIn(page, E2E.staffApp, DEMO.admin, DEMO_PASSWORD, { at: `/invoices/dispatch` });
    await expect(
      page.getByRole('heading', { name: 'Dispatch des factures', level: 1 }),
    ).toBeVisible();
    await expectAccessible(page);

    const invoicesInput = page.getByLabel('Factures (.zip)');
    const mappingInput = page.getByLabel('Correspondance (.xlsx)');
    const send = page.getByRole('button', { name: 'Envoyer' });
    // Both files are required.
    await send.click();
    await expect(page.getByText('Ce champ est obligatoire.')).toHaveCount(2);

    // A zip bomb, then a `../` entry: refused in French, nothing kept.
    const xlsx = { name: 'correspondance.xlsx', mimeType: XLSX, buffer: mappingFile };
    await invoicesInput.setInputFiles({
      name: 'bombe.zip',
      mimeType: 'application/zip',
      buffer: bombZip(),
    });
    await mappingInput.setInputFiles(xlsx);
    await send.click();
    await expect(page.getByText(/anormalement compressée \(bombe zip possible\)/)).toBeVisible();
    await invoicesInput.setInputFiles({
      name: 'chemin.zip',
      mimeType: 'application/zip',
      buffer: zip([{ name: '../evil.pdf', data: pdf('evil') }]),
    });
    await mappingInput.setInputFiles(xlsx);
    await send.click();
    await expect(page.getByText(/«\s*\.\.\/evil\.pdf\s*»/)).toBeVisible();
    await expectAccessible(page);

    // The 200 invoices, sent slowly enough to see the progress and the warning.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 300 * 1024,
    });
    await invoicesInput.setInputFiles({
      name: 'factures.zip',
      mimeType: 'application/zip',
      buffer: zip(invoices),
    });
    await mappingInput.setInputFiles(xlsx);
    await send.click();
    await expect(page.getByRole('progressbar', { name: 'Envoi des fichiers' })).toBeVisible();
    await expect(
      page.getByText('Ne changez pas de page et ne fermez pas cette page pendant l’envoi.'),
    ).toBeVisible();
    await expect(page.getByText(/Ko \/ \d/)).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByText('Le fichier à été importé.')).toBeVisible({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    // A second request, through the API: it must wait while the first one runs.
    const token = await tokenOf(request, DEMO.admin);
    const second = await request.post(`${E2E.mainApi}/dispatch_invoice_request`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {
        invoicesFile: {
          name: 'autre.zip',
          mimeType: 'application/zip',
          buffer: zip([invoices[0]!]),
        },
        mappingFile: { ...xlsx, buffer: await mapping([rows[0]!]) },
      },
    });
    expect(second.status()).toBe(201);
    const secondId = ((await second.json()) as { id: number }).id;

    await page.reload();
    const list = page.getByRole('list', { name: 'Demandes de dispatch' });
    const first = list.getByRole('listitem').filter({ hasText: 'factures.zip' }).first();
    await expect(first.getByText('En attente')).toBeVisible();
    // The screen's execution (confirmed first) reaches the backend first, then the second one
    // is refused.
    await first.getByRole('button', { name: /^Exécuter/ }).click();
    await Promise.all([
      page.waitForResponse((response) => /\/execute$/.test(new URL(response.url()).pathname)),
      page
        .getByRole('dialog', { name: /^Exécuter la demande/ })
        .getByRole('button', { name: 'Exécuter' })
        .click(),
    ]);
    const refused = await request.post(
      `${E2E.mainApi}/dispatch_invoice_request/${secondId}/execute`,
      { headers: { Authorization: `Bearer ${token}` }, data: {} },
    );
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as Record<string, string>)['hydra:description']).toBe(
      'Un dispatch de factures est déjà en cours.',
    );
    await expect(page.getByText('Les factures on bien été dispatcher')).toBeVisible({
      timeout: 30_000,
    });
    await expect(first.getByText('Complétée')).toBeVisible();
    await expect(first.getByText(`${COUNT} factures classées, 0 refusée`)).toBeVisible();
    await first.getByRole('button', { name: /^Rapport/ }).click();
    const report = page.getByRole('dialog', { name: /Rapport de la demande/ });
    await expect(report.getByText('Classée', { exact: true })).toHaveCount(COUNT);
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    // The second request is not wanted any more: 'Annuler', confirmed, by keyboard.
    const other = list.getByRole('listitem').filter({ hasText: 'autre.zip' });
    await other.getByRole('button', { name: `Annuler la demande ${secondId}` }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: `Annuler la demande n° ${secondId} ?` });
    await expect(confirm.getByRole('button', { name: 'Conserver' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Annuler la demande' }).click();
    await expect(other.getByText('Annulée')).toBeVisible();
    await expect(other.getByRole('button', { name: /^Exécuter/ })).toHaveCount(0);
  });

  test('the agent finds his invoices under the year and the month, and downloads the month as a zip', async ({
    page,
  }) => {
    await signIn(page, E2E.agentApp, DEMO.agent, DEMO_PASSWORD, { at: `/my-invoices/library` });
    await expect(page.getByRole('heading', { name: 'Mes Factures', level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: String(YEAR), exact: true }).click();
    await expect(page.getByRole('link', { name: 'Juin' })).toBeVisible();
    await page.getByRole('link', { name: 'Juin' }).click();
    const files = page.getByRole('list', { name: 'Factures' });
    await expect(files.getByRole('listitem')).toHaveCount(10);
    await expect(files.getByText(name(0), { exact: true })).toBeVisible();
    // Julien's invoices (odd numbers) are not his.
    await expect(files.getByText(name(1), { exact: true })).toHaveCount(0);
    await expect(page.getByText(`${COUNT / 2} factures`)).toBeVisible();
    await expectAccessible(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger le mois (zip)' }).click(),
    ]);
    const names = zipNames(await readFile((await download.path())!));
    expect(names).toHaveLength(COUNT / 2);
    expect(names).toContain(name(0));
    expect(names.every((entry) => Number(entry.slice(8, 11)) % 2 === 0)).toBe(true);
  });
});

/** A phone's width: names wrap there instead of being cut. */
const PHONE = { width: 390, height: 844 };
/** Another year no seeded invoice uses: the long names of the phone checks. */
const LONG_YEAR = 2014;
const LONG_MONTH = 3;
const longNames = [
  'Facture_commissions_reseau_patrimoine_2014-03_CGP0001_releve_mensuel_complet.pdf',
  'Avoir sur commissions du reseau patrimoine de mars 2014 pour Claire Martin CGP0001.pdf',
];
const refusedNames = ['Facture_mandataire_inconnu_1.pdf', 'Facture_mandataire_inconnu_2.pdf'];
/** A zip per month: each request of these checks is found by its own name. */
const longZip = (month: number) => `factures_commissions_reseau_patrimoine_${month}_2014.zip`;
const LONG_MAPPING = 'correspondance_mandataires_reseau_mars_2014.xlsx';

/** Shown in full: not cut with an ellipsis, nothing hidden past its box. */
async function expectNotCut(locator: Locator) {
  for (const element of await locator.all()) {
    const cut = await element.evaluate(
      (node) =>
        node.scrollWidth > node.clientWidth + 1 ||
        getComputedStyle(node).textOverflow === 'ellipsis',
    );
    expect(cut, `${await element.textContent()} is cut`).toBe(false);
  }
}

/** A request of 4 lines sent through the API: its 2 long names to Claire, 2 to unknown agents. */
async function createLongRequest(request: APIRequestContext, token: string, month: number) {
  const files = [...longNames, ...refusedNames].map((file) => ({ name: file, data: pdf(file) }));
  const created = await request.post(`${E2E.mainApi}/dispatch_invoice_request`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      invoicesFile: { name: longZip(month), mimeType: 'application/zip', buffer: zip(files) },
      mappingFile: {
        name: LONG_MAPPING,
        mimeType: XLSX,
        buffer: await mapping([
          [longNames[0]!, 'CGP0001', LONG_YEAR, month],
          [longNames[1]!, 'CGP0001', LONG_YEAR, month],
          [refusedNames[0]!, 'CGP9998', LONG_YEAR, month],
          [refusedNames[1]!, 'CGP9999', LONG_YEAR, month],
        ]),
      },
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

test.describe.serial('invoices on a phone', () => {
  test.use({ viewport: PHONE });

  test('the long names of an invoice month are shown in full, on the agent side and on the staff side', async ({
    page,
    request,
  }) => {
    const token = await tokenOf(request, DEMO.admin);
    const id = await createLongRequest(request, token, LONG_MONTH);
    const executed = await request.post(`${E2E.mainApi}/dispatch_invoice_request/${id}/execute`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {},
    });
    expect(executed.ok()).toBe(true);
    await expect
      .poll(
        async () => {
          const answer = await request.get(`${E2E.mainApi}/dispatch_invoice_request/${id}`, {
            headers: { Authorization: `Bearer ${token}` },
          });
          return ((await answer.json()) as { status: string }).status;
        },
        { timeout: 30_000 },
      )
      .toBe('COMPLETED');

    const sides = [
      { app: E2E.agentApp, email: DEMO.agent, path: '/my-invoices/library' },
      { app: E2E.staffApp, email: DEMO.admin, path: '/invoices/library' },
    ];
    for (const side of sides) {
      await signIn(page, side.app, side.email, DEMO_PASSWORD, {
        at: `${side.path}?year=${LONG_YEAR}&month=${LONG_MONTH}`,
      });
      const files = page.getByRole('list', { name: 'Factures' });
      await expect(files.getByRole('listitem')).toHaveCount(2);
      for (const file of longNames) {
        const name = files.getByRole('button', { name: file, exact: true });
        await expect(name).toBeVisible();
        await expectNotCut(name);
      }
      // Staff see each file's agent too.
      if (side.app === E2E.staffApp) {
        const agents = files.getByRole('link', { name: /Martin Claire/ });
        await expect(agents).toHaveCount(2);
        await expectNotCut(agents);
      }
      await expectAccessible(page);
    }
  });

  test('a waiting request names its files in full; Exécuter asks first; 2 filed, 2 refused with the report as rows', async ({
    page,
    request,
  }) => {
    const token = await tokenOf(request, DEMO.admin);
    const id = await createLongRequest(request, token, LONG_MONTH + 1);
    const LONG_ZIP = longZip(LONG_MONTH + 1);

    await signIn(page, E2E.staffApp, DEMO.admin, DEMO_PASSWORD, { at: `/invoices/dispatch` });
    const list = page.getByRole('list', { name: 'Demandes de dispatch' });
    const waiting = list.getByRole('listitem').filter({ hasText: LONG_ZIP });
    const title = waiting.getByText(`${LONG_ZIP} · ${LONG_MAPPING}`);
    await expect(title).toBeVisible();
    // Readable: the names take the row's width (wrapping), not a column of 3 characters.
    const titleBox = (await title.boundingBox())!;
    const rowBox = (await waiting.boundingBox())!;
    expect(titleBox.width).toBeGreaterThan(rowBox.width * 0.7);
    await expectNotCut(title);
    await expectAccessible(page);

    // 'Exécuter' asks first; keeping the request gives the focus back to the button.
    const executeButton = waiting.getByRole('button', { name: `Exécuter la demande ${id}` });
    await executeButton.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: `Exécuter la demande n° ${id} ?` });
    // The safe choice first: the request keeps waiting.
    await expect(confirm.getByRole('button', { name: 'Annuler' })).toBeFocused();
    await expectAccessible(page);
    await page.keyboard.press('Enter');
    await expect(confirm).toHaveCount(0);
    await expect(executeButton).toBeFocused();
    await expect(waiting.getByText('En attente')).toBeVisible();

    await executeButton.click();
    await confirm.getByRole('button', { name: 'Exécuter' }).click();
    // 2 of 4 refused: not the full success's sentence, the counts and the report.
    await expect(page.getByText('2 factures classées, 2 refusées').first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Les factures on bien été dispatcher')).toHaveCount(0);
    await expectAccessible(page);
    const showReport = page.getByRole('button', { name: `Voir le rapport de la demande ${id}` });
    await showReport.click();
    const report = page.getByRole('dialog', { name: `Rapport de la demande n° ${id}` });
    await expect(report.getByText('Mandataire inconnu : CGP9999.')).toBeVisible();
    await expectAccessible(page);

    // Every line's result in view, its labels apart from their values, nothing scrolled sideways.
    const region = report.getByRole('region', { name: `Rapport de la demande n° ${id}` });
    expect(await region.evaluate((node) => node.scrollWidth <= node.clientWidth + 1)).toBe(true);
    const dialogBox = (await report.boundingBox())!;
    for (const result of await report.getByText(/^(Classée|Refusée)/).all()) {
      const box = (await result.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(dialogBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width + 1);
    }
    await expect(report.getByText('Résultat', { exact: true })).toHaveCount(4);
    await expectNotCut(report.getByText(longNames[0]!, { exact: true }));
    await page.keyboard.press('Escape');
    await expect(showReport).toBeFocused();
  });
});
