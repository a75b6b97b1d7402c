// Playwright's own test, not the fixtures' (their axe check at the end is for our apps).
import { expect, test } from '@playwright/test';
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
    await expect(page.getByRole('button', { name: 'Date' })).toBeVisible();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Title' }).click();
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
    // The list gone, the show page in its place.
    await expect(rows).toHaveCount(0);
    await expect(page.getByText(`${prefix} récente`, { exact: true })).toBeVisible();

    // One edit: the admin's merge-patch of what it read (the picture as its IRI).
    await page.getByRole('link', { name: 'Edit' }).click();
    const title = page.getByRole('textbox', { name: 'Title' });
    await expect(title).toHaveValue(`${prefix} récente`);
    await title.fill(`${prefix} modifiée`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Element updated')).toBeVisible();
    await expect
      .poll(async () => (await listNewsApi(request, admin, { title: `${prefix} modifiée` })).length)
      .toBe(1);

    // One create (the date a date-time input, as the documentation says), the picture chosen among the bank's (a hydra:Link to /image_banks).
    await page.goto(`${origin}/admin/#/news/create`);
    await page.getByRole('textbox', { name: 'Title' }).fill(`${prefix} créée`);
    const date = page.getByRole('textbox', { name: 'Date' });
    await date.fill('2024-05-06T09:30');
    await expect(date).toHaveValue('2024-05-06T09:30');
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
