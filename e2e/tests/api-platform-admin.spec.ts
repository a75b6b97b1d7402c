import { expect, test } from '../support/fixtures';
import { apiToken, createNewsApi, deleteNewsApi, listNewsApi, uniqueTitle } from '../support/news';
import { DEMO, E2E } from '../support/ports';

// API Platform Admin itself (api-platform-admin/, built by the e2e package's build), served with
// the backend on one origin as an integrator would: the admin's generated list, filters, sorting,
// show, create and edit work on the backend's Hydra description alone. A third-party UI, in
// English: no accessibility check here.
test('API Platform Admin lists, filters, sorts, shows, creates and edits news', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await apiToken(request, DEMO.admin);
  const prefix = uniqueTitle('Admin API');
  const older = await createNewsApi(request, admin, {
    title: `${prefix} ancienne`,
    date: '2024-01-02',
  });
  const newer = await createNewsApi(request, admin, {
    title: `${prefix} récente`,
    date: '2024-03-04',
  });
  const created = [older.id, newer.id];
  try {
    await page.addInitScript((token) => window.localStorage.setItem('token', token), admin);
    const origin = E2E.apiPlatformAdmin;
    await page.goto(`${origin}/admin/#/news`);

    // The list, filtered by title (the collection's hydra:search) and sorted by date.
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitem', { name: 'Title' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill(prefix);
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: 'Date' }).click();
    await expect(page).toHaveURL(/order=ASC/);
    await expect(rows.first()).toContainText(`${prefix} ancienne`);
    await page.getByRole('button', { name: 'Date' }).click();
    await expect(page).toHaveURL(/order=DESC/);
    await expect(rows.first()).toContainText(`${prefix} récente`);

    // One show page, read by IRI.
    await rows.first().getByRole('link', { name: 'Show' }).click();
    await expect(page).toHaveURL(/#\/news\/.+\/show$/);
    await expect(page.getByText(`${prefix} récente`)).toBeVisible();

    // One edit: the admin PUTs or PATCHes what it read (the embedded picture included).
    await page.getByRole('link', { name: 'Edit' }).click();
    const title = page.getByRole('textbox', { name: 'Title' });
    await expect(title).toHaveValue(`${prefix} récente`);
    await title.fill(`${prefix} modifiée`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Element updated')).toBeVisible();
    await expect
      .poll(async () => (await listNewsApi(request, admin, { title: `${prefix} modifiée` })).length)
      .toBe(1);

    // One create, the picture chosen among the bank's (a hydra:Link to /image_banks).
    await page.goto(`${origin}/admin/#/news/create`);
    await page.getByRole('textbox', { name: 'Title' }).fill(`${prefix} créée`);
    await page.getByLabel('Date').fill('2024-05-06');
    await page.getByRole('combobox', { name: 'Image bank' }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Element created')).toBeVisible();
    await expect
      .poll(async () => (await listNewsApi(request, admin, { title: `${prefix} créée` })).length)
      .toBe(1);
  } finally {
    const mine = await listNewsApi(request, admin, { title: prefix });
    await deleteNewsApi(request, admin, [...new Set([...created, ...mine.map((news) => news.id)])]);
  }
});
