import { readFile } from 'node:fs/promises';
import { crc32, deflateRawSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, expectAccessible, signIn, test } from '../support/fixtures';
import { DEMO, DEMO_PASSWORD, E2E } from '../support/ports';

/** A year no seeded invoice uses, so the agent's month holds only what this flow files. */
const YEAR = 2015;
const MONTH = 6;
const COUNT = 200;

/** A tiny valid PDF, padded with a comment of random bytes (incompressible: a real upload). */
function pdf(text: string): Buffer {
  const stream = `BT /F1 12 Tf 56 780 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const padding = Array.from({ length: 4096 }, () =>
    String.fromCharCode(65 + Math.floor(Math.random() * 26)),
  ).join('');
  return Buffer.from(`${body}%${padding}\n`, 'latin1');
}

/** A zip written byte by byte (deflated entries), so that it may hold `../` names and bombs. */
function zip(entries: { name: string; data: Buffer }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = deflateRawSync(entry.data);
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(((2026 - 1980) << 9) | (1 << 5) | 1, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE((3 << 8) | 20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt16LE(((2026 - 1980) << 9) | (1 << 5) | 1, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(entry.data.length, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    header.writeUInt32LE(offset, 42);
    parts.push(local, name, data);
    central.push(header, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** The names of a zip's files, from its central directory. */
function zipNames(archive: Buffer): string[] {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const nameLength = archive.readUInt16LE(at + 28);
    const extra = archive.readUInt16LE(at + 30);
    const comment = archive.readUInt16LE(at + 32);
    names.push(archive.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return names;
}

async function mapping(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Correspondance');
  sheet.addRow(['Fichier', 'cgpId', 'Année', 'Mois']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

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
      buffer: zip([{ name: 'bombe.pdf', data: Buffer.alloc(20 * 1024 ** 2) }]),
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
    await first.getByRole('button', { name: /^Exécuter/ }).click();
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
