import { expect, expectAccessible, signIn, test } from '../support/fixtures';
import { apiToken, bearer } from '../support/news';
import { DEMO, E2E, DEMO_PASSWORD } from '../support/ports';

/** A day of the current month (Paris), as the date field takes it and the calendar names it. */
function dayOfThisMonth(day: number) {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-');
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, day, 12));
  const dd = String(day).padStart(2, '0');
  return {
    iso: `${year}-${month}-${dd}`,
    typed: `${dd}/${month}/${year}`,
    spoken: date.toLocaleDateString('fr-FR', {
      timeZone: 'UTC',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }),
  };
}

const total = async (text: Promise<string>) => Number((await text).replace(/\D/g, ''));

test.describe('reminders', () => {
  test('an agent creates, edits and deletes his reminder from the calendar, removes a network one from his list and deletes a selection', async ({
    page,
    request,
  }) => {
    const day = dayOfThisMonth(15);
    await signIn(page, E2E.agentApp, DEMO.agent, DEMO_PASSWORD, { at: `/my/reminders` });
    await expect(page.getByRole('heading', { level: 1, name: 'Mes rappels' })).toBeVisible();
    const grid = page.getByRole('region', { name: 'Liste des rappels' });
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page);

    // Create: the spec's required fields first, then a reminder about a prospect.
    await page.getByRole('link', { name: 'Créer un rappel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nouveau rappel' })).toBeVisible();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Ce champ est obligatoire.').first()).toBeVisible();
    await page.getByLabel('Titre').fill('Rappel de bout en bout');
    await page.getByLabel('Date', { exact: true }).fill(day.typed);
    await page.getByLabel('Heure').fill('10:15');
    await page.getByLabel('Prospect', { exact: true }).check();
    await page.getByLabel('Nom du prospect').fill('Sophie Prospect');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Le rappel a bien été créé.')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Rappel de bout en bout' }),
    ).toBeVisible();
    await expect(page.getByText(`${day.typed} à 10:15`)).toBeVisible();
    await expect(page.getByText('Sophie Prospect')).toBeVisible();

    // Edit.
    await page.getByRole('link', { name: 'Modifier' }).click();
    await page.getByLabel('Titre').fill('Rappel de bout en bout modifié');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Le rappel a bien été modifié.')).toBeVisible();

    // The calendar: its day's badge, then the day chosen filters the list.
    await page.goto(`${E2E.agentApp}/my/reminders`);
    const calendar = page.getByRole('region', { name: 'Calendrier des rappels' });
    await calendar
      .getByRole('button', { name: new RegExp(`^${day.spoken}, \\d+ rappels?$`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`date%5Bafter%5D=${day.iso}`));
    await grid.getByRole('link', { name: 'Rappel de bout en bout modifié' }).click();
    await page.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Le rappel a bien été supprimé.')).toBeVisible();
    await expect(page).toHaveURL(`${E2E.agentApp}/my/reminders`);

    // A network reminder: read-only, and removed from his own list only.
    await page.goto(`${E2E.agentApp}/my/reminders?type=hubnup`);
    const before = await total(page.getByText(/^\d+ rappels?$/).innerText());
    await grid.getByRole('row').nth(1).getByRole('link').click();
    await expect(page.getByText('Ce rappel du réseau est en lecture seule')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Modifier' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Retirer de ma liste' }).click();
    const dialog = page.getByRole('dialog');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Retirer de ma liste' }).click();
    await expect(page.getByText('Le rappel a bien été supprimé.')).toBeVisible();
    await page.goto(`${E2E.agentApp}/my/reminders?type=hubnup`);
    await expect.poll(() => total(page.getByText(/^\d+ rappels?$/).innerText())).toBe(before - 1);

    // A selection of two, deleted together.
    const token = await apiToken(request, DEMO.agent);
    for (const title of ['Lot e2e un', 'Lot e2e deux']) {
      const created = await request.post(`${E2E.mainApi}/reminders`, {
        headers: bearer(token),
        data: { title, date: `${dayOfThisMonth(16).iso}T09:00` },
      });
      expect(created.status()).toBe(201);
    }
    await page.goto(`${E2E.agentApp}/my/reminders?title=Lot+e2e`);
    await expect(grid.getByRole('row')).toHaveCount(3);
    await grid.getByRole('checkbox', { name: /Lot e2e un/ }).check();
    await grid.getByRole('checkbox', { name: /Lot e2e deux/ }).check();
    await page.getByRole('button', { name: 'Supprimer la sélection (2)' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Les rappels ont bien été supprimés.')).toBeVisible();
    await expect(page.getByText('Aucun rappel ne correspond à ces filtres.')).toBeVisible();
  });

  test('calendar badges sit clear of the day numbers at 1280 and 390 px', async ({
    page,
    request,
  }) => {
    // A day with one reminder and a day with more than 9 ('9+', the widest badge).
    const token = await apiToken(request, DEMO.agent);
    const days = [
      { day: dayOfThisMonth(10), count: 1 },
      { day: dayOfThisMonth(28), count: 10 },
    ];
    for (const { day, count } of days)
      for (let i = 0; i < count; i++) {
        const created = await request.post(`${E2E.mainApi}/reminders`, {
          headers: bearer(token),
          data: { title: `Badge e2e ${i}`, date: `${day.iso}T08:00` },
        });
        expect(created.status()).toBe(201);
      }
    await signIn(page, E2E.agentApp, DEMO.agent);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${E2E.agentApp}/my/reminders?title=Badge+e2e`);
      const calendar = page.getByRole('region', { name: 'Calendrier des rappels' });
      for (const { day, count } of days) {
        const name = `${day.spoken}, ${count} rappel${count > 1 ? 's' : ''}`;
        const button = calendar.getByRole('button', { name });
        // The day's cell: the one holding its button (`has` is looked up inside each cell).
        const cell = calendar.locator('td').filter({ has: page.getByRole('button', { name }) });
        const badge = cell.locator('[aria-hidden]');
        await expect(badge).toHaveText(count > 9 ? '9+' : String(count));
        const [b, d] = [await badge.boundingBox(), await button.boundingBox()];
        expect(b && d).toBeTruthy();
        const apart =
          b!.x >= d!.x + d!.width ||
          d!.x >= b!.x + b!.width ||
          b!.y >= d!.y + d!.height ||
          d!.y >= b!.y + b!.height;
        expect(
          apart,
          `${width} px, ${day.iso}: badge ${JSON.stringify(b)} over day ${JSON.stringify(d)}`,
        ).toBe(true);
        // And within the day's own cell (not over the next day's number).
        const c = await cell.boundingBox();
        expect(b!.x).toBeGreaterThanOrEqual(c!.x);
        expect(b!.x + b!.width).toBeLessThanOrEqual(c!.x + c!.width + 0.5);
        expect(b!.y + b!.height).toBeLessThanOrEqual(c!.y + c!.height + 0.5);
      }
      await expectAccessible(page);
    }
  });

  test('staff duplicate a network reminder: the copy stays hidden from agents until displayed', async ({
    page,
    request,
  }) => {
    await signIn(page, E2E.staffApp, DEMO.communication, DEMO_PASSWORD, {
      at: `/communication/reminders`,
    });
    const grid = page.getByRole('region', { name: 'Liste des rappels' });
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page);
    await grid.getByRole('row').nth(1).getByRole('link').click();
    await page.getByRole('button', { name: 'Dupliquer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dupliquer le rappel' });
    await dialog.getByRole('button', { name: 'Dupliquer' }).click();
    await expect(dialog.getByText('Ce champ est obligatoire.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Date de la copie').fill(dayOfThisMonth(20).typed);
    await dialog.getByRole('button', { name: 'Dupliquer' }).click();
    await expect(page.getByText('Le rappel a bien été créé.')).toBeVisible();
    const copyId = Number(/\/communication\/reminders\/(\d+)$/.exec(page.url())?.[1]);
    expect(copyId).toBeGreaterThan(0);
    await expect(page.getByText('Non', { exact: true })).toBeVisible();

    // Hidden: an agent cannot read it; once displayed, he can.
    const agent = bearer(await apiToken(request, DEMO.agent));
    const read = () => request.get(`${E2E.mainApi}/reminders/${copyId}`, { headers: agent });
    expect((await read()).ok()).toBe(false);
    await page.getByRole('link', { name: 'Modifier' }).click();
    await page.getByLabel('Accessible aux mandataires').check();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Le rappel a bien été modifié.')).toBeVisible();
    await expect.poll(async () => (await read()).status()).toBe(200);
  });
});
