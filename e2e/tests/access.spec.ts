import { expect, expectAccessible, signIn, test } from '../support/fixtures';
import { DEMO, E2E } from '../support/ports';

const accountCell = (page: import('@playwright/test').Page) =>
  page
    .getByRole('table', { name: 'Composants des profils mandataires' })
    .getByRole('checkbox', { name: 'Mon compte — Mandataire', exact: true });

async function setAgentAccount(page: import('@playwright/test').Page, held: boolean) {
  await signIn(page, E2E.staffApp, DEMO.admin);
  await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Portail' })
    .click();
  await expect(page).toHaveURL(`${E2E.staffApp}/administration/portail`);
  const cell = accountCell(page);
  await expect(cell).toBeEnabled();
  if ((await cell.isChecked()) !== held) {
    const saved = page.waitForResponse(
      (response) =>
        response.url().includes('/components/') && response.request().method() === 'PUT',
    );
    await cell.click();
    expect((await saved).status()).toBe(200);
  }
  await expect(cell).toBeChecked({ checked: held });
  await expect(cell).toBeEnabled();
}

test.describe('menus and gating', () => {
  test('the agent menu shows the pages the agent holds and the external links', async ({
    page,
  }) => {
    await signIn(page, E2E.agentApp, DEMO.agent);
    await expect(page).toHaveURL(`${E2E.agentApp}/`);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Accueil' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await menu.getByRole('link', { name: 'Mon compte' }).click();
    await expect(page).toHaveURL(`${E2E.agentApp}/my/account`);
    await expect(page.getByRole('heading', { name: 'Mon compte', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Mon compte — Espace mandataire');
    const external = menu.getByRole('link', { name: 'Documentation (nouvel onglet)' });
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', /noopener/);
    // Staff pages are no part of the agent portal.
    await expect(menu.getByRole('link', { name: 'Utilisateurs' })).toHaveCount(0);
    const banner = page.getByRole('banner');
    await expect(banner).toContainText('v1.0.17');
    await expect(banner.getByTestId('current-user')).toHaveText('Claire Martin');
    await expect(banner.getByRole('button', { name: 'Revenir à ma session' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('the staff menu differs by profile', async ({ page }) => {
    await signIn(page, E2E.staffApp, DEMO.communication);
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Accueil' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Utilisateurs' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Portail' })).toHaveCount(0);
    await page.goto(`${E2E.staffApp}/administration/portail`);
    await expect(page).toHaveURL(`${E2E.staffApp}/forbidden`);
  });

  test('a component unticked for the agent profile hides its menu item and forbids its route', async ({
    page,
    browser,
  }) => {
    await setAgentAccount(page, false);
    try {
      const agent = await browser.newPage();
      await signIn(agent, E2E.agentApp, DEMO.agent);
      await expect(agent).toHaveURL(`${E2E.agentApp}/`);
      const menu = agent.getByRole('navigation', { name: 'Menu principal' });
      await expect(menu.getByRole('link', { name: 'Accueil' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Mon compte' })).toHaveCount(0);
      await agent.goto(`${E2E.agentApp}/my/account`);
      await expect(agent).toHaveURL(`${E2E.agentApp}/forbidden`);
      await expect(agent.getByRole('heading', { name: '403 Forbidden' })).toBeVisible();
      await agent.close();
    } finally {
      await page.goto(`${E2E.staffApp}/logout`);
      await setAgentAccount(page, true);
    }
    const agent = await browser.newPage();
    await signIn(agent, E2E.agentApp, DEMO.agent);
    await expect(
      agent.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', {
        name: 'Mon compte',
      }),
    ).toBeVisible();
    await agent.close();
  });

  test('a right changed while the agent is signed in reaches him on his next navigation and reload', async ({
    page,
    browser,
  }) => {
    const agent = await browser.newPage();
    await signIn(agent, E2E.agentApp, DEMO.agent);
    await expect(agent).toHaveURL(`${E2E.agentApp}/`);
    const menu = agent.getByRole('navigation', { name: 'Menu principal' });
    const account = menu.getByRole('link', { name: 'Mon compte' });
    await expect(account).toBeVisible();

    await setAgentAccount(page, false);
    try {
      // No new sign-in: moving between pages is enough (the answer of /me is kept 2 s).
      await expect(async () => {
        await menu.getByRole('link', { name: 'Actualités' }).click();
        await menu.getByRole('link', { name: 'Accueil' }).click();
        await expect(account).toHaveCount(0, { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await agent.goto(`${E2E.agentApp}/my/account`);
      await expect(agent).toHaveURL(`${E2E.agentApp}/forbidden`);
    } finally {
      await page.goto(`${E2E.staffApp}/logout`);
      await setAgentAccount(page, true);
    }
    // A reload is enough too.
    await agent.goto(`${E2E.agentApp}/`);
    await expect(account).toBeVisible();
    await expectAccessible(agent);
    await agent.close();
  });
});
