import { DEMO, E2E, DEMO_PASSWORD } from '../support/ports';
import { expect, expectAccessible, signIn, test } from '../support/fixtures';

test.describe('trust signals', () => {
  test('while impersonating, a banner names the user, also on /forbidden, with the way back', async ({
    page,
  }) => {
    await signIn(page, E2E.staffApp, DEMO.admin, DEMO_PASSWORD, {
      at: `/administration/users?lastName=Moreau`,
    });
    await page.getByRole('button', { name: 'Se connecter en tant que Camille Moreau' }).click();
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
    const banner = page.getByTestId('impersonation-banner');
    await expect(banner).toHaveText(/Vous consultez le portail en tant que Camille Moreau/);
    await expectAccessible(page);

    // A page Camille does not hold: the 403 page keeps the banner and the way back.
    await page.goto(`${E2E.staffApp}/administration/users`);
    await expect(page).toHaveURL(`${E2E.staffApp}/forbidden`);
    await expect(banner).toHaveText(/Vous consultez le portail en tant que Camille Moreau/);
    await expectAccessible(page);
    await banner.getByRole('button', { name: 'Revenir à ma session' }).click();
    await expect(page).toHaveURL(`${E2E.staffApp}/administration/users`);
    await expect(page.getByRole('banner').getByTestId('current-user')).toHaveText('Sophie Bernard');
    await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
  });

  test('the agent portal and the staff console are two products of one family', async ({
    page,
  }) => {
    const identity = async (url: string) => {
      await page.goto(`${url}/login`);
      const header = page.getByRole('banner');
      await expect(header).toContainText('Réseau Patrimoine');
      return header.locator('.brand-mark').evaluate((mark) => ({
        colour: getComputedStyle(mark).backgroundColor,
        mask: getComputedStyle(mark).maskImage,
        product: mark.parentElement?.textContent,
      }));
    };
    const agent = await identity(E2E.agentApp);
    const staff = await identity(E2E.staffApp);
    expect(agent.product).toContain('Espace mandataire');
    expect(staff.product).toContain('Console du réseau');
    // Same mark, different accent.
    expect(agent.mask).toBe(staff.mask);
    expect(agent.mask).toContain('svg');
    expect(agent.colour).not.toBe(staff.colour);
  });
});
