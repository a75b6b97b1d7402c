import type { APIRequestContext } from '@playwright/test';
import { handZip as zip, mappingXlsx as mapping, testPdf } from '@portal/test-files';
import ExcelJS from 'exceljs';
import { expect, expectAccessible, signIn, test } from '../support/fixtures';
import { DEMO, DEMO_PASSWORD, E2E } from '../support/ports';

/** A year no other suite files invoices in. */
const YEAR = 2014;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post(`${E2E.mainApi}/token`, {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

type Member = Record<string, unknown> & { '@id': string };
const members = async (request: APIRequestContext, path: string, token: string) =>
  (
    (await (
      await request.get(`${E2E.mainApi}${path}`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { 'hydra:member': Member[] }
  )['hydra:member'];

test.describe('audit trail', () => {
  test('the audit page shows a profile-rights change, a user disabled and a dispatch executed, with who and what changed; its export opens', async ({
    page,
    request,
  }) => {
    const token = await tokenOf(request, DEMO.admin);
    const headers = { Authorization: `Bearer ${token}` };

    // A profile's rights: Communication given 'Accueil : partenaires', then taken back.
    const partners = (await members(request, '/components', token)).find(
      (c) => c.name === 'home_partners',
    )!;
    const communication = (await members(request, '/profiles', token)).find(
      (p) => p.name === 'ROLE_COMMUNICATION',
    )!;
    const profiles = partners.profiles as string[];
    for (const next of [[...profiles, communication['@id']], profiles]) {
      const saved = await request.put(`${E2E.mainApi}${partners['@id']}`, {
        headers,
        data: { profiles: next },
      });
      expect(saved.status()).toBe(200);
    }

    // A user created for the occasion, then disabled.
    const created = await request.post(`${E2E.mainApi}/users`, {
      headers,
      data: {
        email: `audit.${Date.now()}@reseau-patrimoine.fr`,
        firstName: 'Audit',
        lastName: 'Désactivé',
        profile: communication['@id'],
      },
    });
    expect(created.status()).toBe(201);
    const user = (await created.json()) as Member;
    expect((await request.post(`${E2E.mainApi}${user['@id']}/disable`, { headers })).status()).toBe(
      200,
    );

    // A dispatch of one invoice, executed.
    const upload = await request.post(`${E2E.mainApi}/dispatch_invoice_request`, {
      headers,
      multipart: {
        invoicesFile: {
          name: 'audit.zip',
          mimeType: 'application/zip',
          buffer: zip([{ name: 'audit.pdf', data: testPdf('Facture audit') }]),
        },
        mappingFile: {
          name: 'correspondance.xlsx',
          mimeType: XLSX,
          buffer: await mapping([['audit.pdf', 'CGP0001', YEAR, 1]]),
        },
      },
    });
    expect(upload.status()).toBe(201);
    const dispatch = (await upload.json()) as Member;
    const executed = await request.post(`${E2E.mainApi}${dispatch['@id']}/execute`, {
      headers,
      data: {},
    });
    expect(executed.status()).toBe(202);

    await signIn(page, E2E.staffApp, DEMO.admin);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Journal d’audit' })
      .click();
    await expect(page.getByRole('heading', { name: 'Journal d’audit', level: 1 })).toBeVisible();
    const grid = page.getByRole('region', { name: 'Actions du personnel' });
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page);

    const filters = page.getByRole('search', { name: 'Filtrer le journal' });
    const lineOf = async (operationId: string, target: string) => {
      await filters.getByLabel('Opération').fill(operationId);
      await filters.getByLabel('Cible (IRI)').fill(target);
      await filters.getByRole('button', { name: 'Filtrer' }).click();
      await expect(page).toHaveURL(new RegExp(`operationId=${operationId}`));
      const row = grid.getByRole('row').filter({ hasText: operationId }).first();
      await expect(row).toBeVisible();
      await expect(row).toContainText('admin@reseau-patrimoine.fr');
      return row;
    };

    const rights = await lineOf('updateComponent', partners['@id']);
    await expect(rights).toContainText(`profiles : `);
    await expect(rights).toContainText(communication['@id']);
    const disabled = await lineOf('disableUser', user['@id']);
    await expect(disabled).toContainText('ROLE_DISABLED');
    const executedLine = await lineOf('executeDispatchInvoiceRequest', dispatch['@id']);
    await expect(executedLine).toContainText('status : ');
    await expectAccessible(page);

    // The export of the filtered trail opens: its header, then the dispatch's line.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^journal_audit_.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Date',
      'Auteur',
      'Au nom de',
      'Opération',
      'Cible',
      'Modifications',
      'Statut',
      'Requête',
    ]);
    expect(sheet.getRow(2).getCell(4).value).toBe('executeDispatchInvoiceRequest');
    expect(String(sheet.getRow(2).getCell(6).value)).toContain('status : ');
  });
});
