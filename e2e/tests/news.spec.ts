import { expect, expectAccessible, signIn, test } from '../support/fixtures';
import { holdRequests, layoutShift, watchLayoutShift } from '../support/layout-shift';
import {
  anyImageIri,
  apiToken,
  bearer,
  createNewsApi,
  deleteNewsApi,
  listNewsApi,
  uniqueTitle,
} from '../support/news';
import { DEMO, E2E } from '../support/ports';

const yesterday = () => new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);

test.describe('news', () => {
  test('an administrator publishes popup news with a notification; the agent reads it', async ({
    page,
    browser,
    request,
  }) => {
    // Two apps, two users, the editor and the picker: more than the default 30 s.
    test.slow();
    const admin = await apiToken(request, DEMO.admin);
    const created: number[] = [];
    const title = uniqueTitle('Actualité E2E');
    // A second popup news item, older, to be postponed.
    const older = await createNewsApi(request, admin, {
      title: uniqueTitle('Actualité reportée'),
      date: yesterday(),
      hasPopup: true,
    });
    created.push(older.id);
    try {
      await signIn(page, E2E.staffApp, DEMO.admin);
      await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
      await page
        .getByRole('navigation', { name: 'Menu principal' })
        .getByRole('link', { name: 'Actualités' })
        .click();
      await expect(page.getByRole('heading', { name: 'Actualités', level: 1 })).toBeVisible();
      await page.getByRole('link', { name: 'Créer une actualité' }).click();
      await expect(page).toHaveURL(`${E2E.staffApp}/communication/news/create`);

      // Nothing chosen: the form says what is missing.
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText('Une image est requise.')).toBeVisible();
      await expect(page.getByText('Ce champ est obligatoire.')).toBeVisible();
      await page.getByLabel('Titre', { exact: true }).fill('Abc');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText('Ce champ doit contenir au moins 4 caractères.')).toBeVisible();

      await page.getByLabel('Titre', { exact: true }).fill(title);
      const editor = page.getByRole('textbox', { name: 'Contenu' });
      await editor.click();
      await editor.pressSequentially('Bonjour à tous.');
      await page.getByRole('button', { name: 'Choisir dans la banque d’images' }).click();
      const picker = page.getByRole('dialog', { name: 'Choisir une image' });
      await picker.getByRole('radio').first().click();
      await picker.getByRole('button', { name: 'Sélectionner' }).click();
      await expect(picker).toHaveCount(0);
      await page.getByLabel('Afficher en popup à la connexion').check();
      // The seed keeps 3 news in the carousel: the box is locked.
      await expect(page.getByLabel('Affiché en Carousel')).toBeDisabled();
      await page.getByLabel('Mandataire', { exact: true }).check();
      await page.getByLabel('Envoyer une notification aux profils choisis').check();
      await expectAccessible(page);

      const notification = page.waitForRequest(
        (r) => r.url().endsWith('/notifications') && r.method() === 'POST',
      );
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/news') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      const news = (await (await saved).json()) as { id: number; date: string };
      created.push(news.id);
      const sent = (await notification).postDataJSON() as Record<string, unknown>;
      expect(sent).toMatchObject({ title, urlLink: `/news/${news.id}` });
      expect(new Date(String(sent.expireAt)).getTime() - new Date(news.date).getTime()).toBe(
        7 * 24 * 3600 * 1000,
      );
      await expect(page).toHaveURL(`${E2E.staffApp}/communication/news/${news.id}`);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(page.getByText('Bonjour à tous.')).toBeVisible();

      // The agent signs in: the popup shows the new news first.
      const agentContext = await browser.newContext();
      const agent = await agentContext.newPage();
      await signIn(agent, E2E.agentApp, DEMO.agent, undefined, { newsPopup: 'keep' });
      // (The dialog's root has no box of its own: its content is what shows.)
      const popup = agent.getByRole('dialog');
      await expect(popup.getByRole('heading', { name: title })).toBeVisible();
      await expect(popup).toContainText('Bonjour à tous.');
      await expectAccessible(agent);
      // 'Reporter' leaves it unread and shows the next one.
      await popup.getByRole('button', { name: 'Reporter', exact: true }).click();
      await expect(popup.getByRole('heading', { name: older.title })).toBeVisible();
      // 'Lu' marks the older one read.
      const read = agent.waitForRequest(
        (r) => /\/news_lists\/\d+$/.test(r.url()) && r.method() === 'PATCH',
      );
      await popup.getByRole('button', { name: 'Lu', exact: true }).click();
      expect((await read).postDataJSON()).toMatchObject({ isRead: true });
      // Whatever the seed left unread is read too: the popup is finished, the flag cleared.
      const cleared = agent.waitForRequest(
        (r) => r.url().endsWith('/me/login-agent/clear') && r.method() === 'POST',
      );
      const readButton = popup.getByRole('button', { name: 'Lu', exact: true });
      while ((await popup.count()) > 0 && (await readButton.isVisible())) {
        const shown = await popup.getByRole('heading').first().textContent();
        await readButton.click();
        // The next news, or none: the popup has moved on from the one read.
        await expect
          .poll(
            async () =>
              (await popup.count()) === 0 ||
              (await popup.getByRole('heading').first().textContent()) !== shown,
          )
          .toBe(true);
      }
      await cleared;
      await expect(popup).toHaveCount(0);
      await expect(agent.getByRole('heading', { name: 'Bonjour Claire Martin' })).toBeVisible();

      const agentToken = await apiToken(request, DEMO.agent);
      const states = await request.get(`${E2E.mainApi}/news_list/user`, {
        headers: bearer(agentToken),
        params: { itemsPerPage: '100' },
      });
      const entries = (
        (await states.json()) as {
          'hydra:member': { isRead: boolean; news: { id: number } }[];
        }
      )['hydra:member'];
      expect(entries.find((entry) => entry.news.id === news.id)?.isRead).toBe(false);
      expect(entries.find((entry) => entry.news.id === older.id)?.isRead).toBe(true);

      // /news: the new item is recent and unread, found by its title.
      await agent
        .getByRole('navigation', { name: 'Menu principal' })
        .getByRole('link', { name: 'Actualités' })
        .click();
      await expect(agent.getByRole('heading', { name: 'Actualités', level: 1 })).toBeVisible();
      await agent.getByRole('search').getByLabel('Titre').fill(title);
      await agent.getByRole('button', { name: 'Filtrer' }).click();
      await expect(agent).toHaveURL(new RegExp(`/news\\?title=`));
      const grid = agent.getByRole('list', { name: 'Liste des actualités' });
      const card = grid.getByRole('article').filter({ hasText: title });
      await expect(card).toHaveCount(1);
      await expect(card.getByText('Nouveau')).toBeVisible();
      await expect(card.getByText('Non lue')).toBeAttached();
      await expectAccessible(agent);
      // Opening it shows the content and marks it read.
      const markedRead = agent.waitForResponse(
        (response) =>
          response.request().method() === 'PATCH' && /\/news_lists\/\d+$/.test(response.url()),
      );
      await card.getByRole('link', { name: new RegExp(title) }).click();
      await expect(agent).toHaveURL(`${E2E.agentApp}/news/${news.id}`);
      await expect(agent.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(agent.getByText('Bonjour à tous.')).toBeVisible();
      expect((await markedRead).ok()).toBe(true);
      // Back to the filtered list (the filters are in the URL).
      await agent.goBack();
      await expect(agent.getByRole('search').getByLabel('Titre')).toHaveValue(title);
      await expect(card.getByText('Non lue')).toHaveCount(0);

      // The bell announces it; its link opens the news item.
      const bell = agent.getByRole('button', { name: /^Notifications, \d+\+? non lues$/ });
      await bell.click();
      await agent.getByRole('button', { name: new RegExp(title) }).click();
      await expect(agent).toHaveURL(`${E2E.agentApp}/news/${news.id}`);
      await expect(agent.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await agentContext.close();
    } finally {
      await deleteNewsApi(request, admin, created);
    }
  });

  test('the carousel holds at most 3 news, in the form and in the backend', async ({
    page,
    request,
  }) => {
    const admin = await apiToken(request, DEMO.admin);
    const created: number[] = [];
    try {
      const inCarousel = await listNewsApi(request, admin, { sliderDisplayed: 'true' });
      for (let i = inCarousel.length; i < 3; i += 1) {
        created.push(
          (
            await createNewsApi(request, admin, {
              title: uniqueTitle('Carrousel'),
              sliderDisplayed: true,
            })
          ).id,
        );
      }
      const refused = await request.post(`${E2E.mainApi}/news`, {
        headers: bearer(admin),
        data: {
          title: uniqueTitle('Quatrième'),
          date: '2026-01-05',
          imageBank: await anyImageIri(request, admin),
          sliderDisplayed: true,
        },
      });
      expect(refused.status()).toBe(422);
      expect(JSON.stringify(await refused.json())).toContain(
        'Le carrousel contient déjà 3 actualités.',
      );

      await signIn(page, E2E.staffApp, DEMO.communication);
      await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
      await page.goto(`${E2E.staffApp}/communication/news/create`);
      const box = page.getByLabel('Affiché en Carousel');
      await expect(box).toBeDisabled();
      await expect(page.getByText('Trois actualités sont déjà dans le carrousel')).toBeVisible();
      // A news item already in the carousel may leave it.
      const current = (await listNewsApi(request, admin, { sliderDisplayed: 'true' }))[0]!;
      await page.goto(`${E2E.staffApp}/communication/news/${current.id}/edit`);
      await expect(page.getByLabel('Affiché en Carousel')).toBeEnabled();
      await expect(page.getByLabel('Affiché en Carousel')).toBeChecked();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Annuler', exact: true }).click();
      await expect(page).toHaveURL(`${E2E.staffApp}/communication/news/${current.id}`);
    } finally {
      await deleteNewsApi(request, admin, created);
    }
  });

  test('a duplicate is a hidden copy; the eye toggles what agents see', async ({
    page,
    request,
  }) => {
    const admin = await apiToken(request, DEMO.admin);
    const label = uniqueTitle('Original');
    const original = await createNewsApi(request, admin, { title: label });
    const created = [original.id];
    try {
      await signIn(page, E2E.staffApp, DEMO.communication);
      await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
      await page.goto(`${E2E.staffApp}/communication/news?title=${encodeURIComponent(label)}`);
      const grid = page.getByRole('list', { name: 'Liste des actualités' });
      await expect(grid.getByRole('article')).toHaveCount(1);

      await page.getByRole('button', { name: `Dupliquer « ${label} »` }).click();
      const dialog = page.getByRole('dialog', { name: 'Dupliquer l’actualité' });
      await dialog.getByLabel('Titre').fill('');
      await dialog.getByRole('button', { name: 'Dupliquer' }).click();
      await expect(dialog.getByText('Ce champ est obligatoire.')).toBeVisible();
      await dialog.getByLabel('Titre').fill(`${label} copie`);
      await dialog.getByLabel('Date de publication').fill('01/02/2026');
      await dialog.getByRole('button', { name: 'Dupliquer' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('L’actualité a bien été dupliquée.')).toBeVisible();

      const copies = await listNewsApi(request, admin, { title: `${label} copie` });
      expect(copies).toHaveLength(1);
      created.push(copies[0]!.id);
      expect(copies[0]).toMatchObject({
        displayed: false,
        hasPopup: false,
        sliderDisplayed: false,
      });
      expect(copies[0]!.date.slice(0, 10)).toBe('2026-02-01');
      // Both show in the staff list; the copy's eye is off.
      await expect(grid.getByRole('article')).toHaveCount(2);
      const eye = page.getByRole('button', {
        name: `Afficher l’actualité aux mandataires « ${label} copie »`,
      });
      await expect(eye).toHaveAttribute('aria-pressed', 'false');
      // A failed save says so and changes nothing.
      const patchUrl = `${E2E.mainApi}/news/${copies[0]!.id}`;
      await page.route(patchUrl, (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({ status: 500, json: { 'hydra:description': 'Panne simulée' } })
          : route.continue(),
      );
      await eye.click();
      await expect(page.getByText("Erreur lors de l'enregistrement de l'actualité")).toBeVisible();
      await expect(eye).toHaveAttribute('aria-pressed', 'false');
      await page.unroute(patchUrl);
      await eye.click();
      await expect(eye).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText('L’actualité est maintenant affichée.')).toBeVisible();

      // Delete asks first.
      await page.getByRole('button', { name: `Supprimer « ${label} copie »` }).click();
      const confirm = page.getByRole('dialog', { name: 'Supprimer l’actualité' });
      await confirm.getByRole('button', { name: 'Supprimer' }).click();
      await expect(page.getByText('L’actualité a bien été supprimée.')).toBeVisible();
      await expect(grid.getByRole('article')).toHaveCount(1);
      await expectAccessible(page);
    } finally {
      await deleteNewsApi(request, admin, created);
    }
  });

  test('a failed save keeps what was typed, in the form and after a reload', async ({
    page,
    request,
  }) => {
    const admin = await apiToken(request, DEMO.admin);
    const news = await createNewsApi(request, admin, { title: uniqueTitle('Brouillon') });
    try {
      await signIn(page, E2E.staffApp, DEMO.communication);
      await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
      await page.goto(`${E2E.staffApp}/communication/news/${news.id}/edit`);
      const title = page.getByLabel('Titre', { exact: true });
      await expect(title).toHaveValue(news.title);
      const typed = `${news.title} modifiée`;
      await title.fill(typed);
      await page.route(`${E2E.mainApi}/news/${news.id}`, (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({
              status: 503,
              contentType: 'application/ld+json',
              json: { '@type': 'hydra:Error', 'hydra:description': 'Service indisponible' },
            })
          : route.continue(),
      );
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText('Une erreur est survenue : Service indisponible')).toBeVisible();
      await expect(page).toHaveURL(`${E2E.staffApp}/communication/news/${news.id}/edit`);
      await expect(title).toHaveValue(typed);
      // Closing the tab loses nothing either: the draft comes back.
      await page.reload();
      await expect(page.getByText('Un brouillon non enregistré a été restauré.')).toBeVisible();
      await expect(title).toHaveValue(typed);
      expect((await listNewsApi(request, admin, { title: typed })).length).toBe(0);
    } finally {
      await deleteNewsApi(request, admin, [news.id]);
    }
  });

  for (const viewport of [
    { width: 412, height: 823 },
    { width: 1280, height: 800 },
  ])
    test(`the agent home keeps its place while its news, partners and pictures arrive (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signIn(page, E2E.agentApp, DEMO.agent2);
      await expect(page.getByRole('heading', { name: /^Bonjour/ })).toBeVisible();
      await watchLayoutShift(page);
      // Every answer of the backend (the news' pictures included), held until the frame is painted.
      const api = await holdRequests(page, (url) => url.origin === new URL(E2E.mainApi).origin);
      await page.goto(`${E2E.agentApp}/`);
      await api.reached;
      await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
      api.release();
      const carousel = page.getByRole('region', { name: 'Actualités à la une' });
      await expect(carousel.getByRole('group').first()).toBeVisible();
      await expect(page.getByRole('button', { name: /^Top Invest/ })).toBeVisible();
      await expect(page.getByRole('link', { name: /support@reseau-patrimoine\.fr/ })).toBeVisible();
      await expect
        .poll(() =>
          carousel
            .locator('img')
            .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)),
        )
        .toBe(true);
      const shift = await layoutShift(page);
      expect(shift.total, shift.moved.join('\n')).toBeLessThanOrEqual(0.05);
    });

  test('the agent home shows the carousel news, partners and the contact box', async ({ page }) => {
    await signIn(page, E2E.agentApp, DEMO.agent2);
    await expect(page).toHaveURL(`${E2E.agentApp}/`);
    const carousel = page.getByRole('region', { name: 'Actualités à la une' });
    await expect(carousel).toBeVisible();
    // The suite asks for reduced motion: the carousel then never turns by itself, so it offers
    // no pause button; without that preference it turns and offers one.
    const pause = carousel.getByRole('button', { name: 'Arrêter le défilement automatique' });
    await expect(carousel.getByRole('group').first()).toBeVisible();
    await expect(pause).toHaveCount(0);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(pause).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nos partenaires' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nous contacter' })).toBeVisible();
    await expect(page.getByRole('link', { name: /support@reseau-patrimoine\.fr/ })).toBeVisible();

    // Single sign-on opens the partner in a new tab.
    const opened = page.context().waitForEvent('page');
    await page.getByRole('button', { name: /^Top Invest/ }).click();
    const partner = await opened;
    await partner.waitForLoadState();
    await expect.poll(() => partner.url()).toContain('/partners/invest/sso');
    await partner.close();
    // When the sign-on call fails, the partner's public login page opens instead.
    await page.route(`${E2E.mainApi}/sso/invest`, (route) =>
      route.fulfill({ status: 502, json: { 'hydra:description': 'Partenaire injoignable' } }),
    );
    const fallback = page.context().waitForEvent('page');
    await page.getByRole('button', { name: /^Top Invest/ }).click();
    const publicPage = await fallback;
    await expect.poll(() => new URL(publicPage.url()).pathname).toBe('/partners/invest');
    await publicPage.close();
    await expectAccessible(page);
  });
});
