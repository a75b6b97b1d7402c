import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
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

    await signIn(page, E2E.staffApp, DEMO.admin);
    await page.goto(`${E2E.staffApp}/invoices/dispatch`);
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
    // The screen's execution reaches the backend first, then the second one is refused.
    await Promise.all([
      page.waitForResponse((response) => /\/execute$/.test(new URL(response.url()).pathname)),
      first.getByRole('button', { name: /^Exécuter/ }).click(),
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
    await expect(first.getByText(`${COUNT} classée(s), 0 refusée(s)`)).toBeVisible();
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
    await signIn(page, E2E.agentApp, DEMO.agent);
    await page.goto(`${E2E.agentApp}/my-invoices/library`);
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
