import { expect, expectAccessible, signIn, test } from '../support/fixtures';
import { DEMO, E2E } from '../support/ports';

test.describe('sponsorship tracking', () => {
  test("an agent follows his godchildren's registrations: filters, page sizes and the 13-step flow", async ({
    page,
  }) => {
    await signIn(page, E2E.agentApp, DEMO.agent);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Suivi des filleuls' })
      .click();
    await expect(page.getByRole('heading', { name: 'Suivi des filleuls', level: 1 })).toBeVisible();
    const directSection = page.getByRole('region', { name: 'Mes filleuls directs' });
    const allSection = page.getByRole('region', { name: 'Toutes mes équipes' });
    const direct = page.getByRole('region', { name: 'Liste de mes filleuls directs' });
    const all = page.getByRole('region', { name: 'Liste des filleuls de mes équipes' });
    await expect(direct.getByRole('row').nth(1)).toBeVisible();
    await expect(all.getByRole('row').nth(1)).toBeVisible();
    await expect(allSection.getByText(/^\d[\d\s]* filleuls?$/)).toBeVisible();
    await expect(directSection.getByText(/^\d[\d\s]* filleuls?$/)).toBeVisible();
    await expectAccessible(page);

    // A name opens the registration's flow, kept in the URL.
    const first = direct.locator('[col-id="lastName"] a').first();
    const lastName = (await first.textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(/selected=\d+/);
    const flow = page.getByRole('region', { name: /^Parcours d’inscription de / });
    await expect(flow.getByRole('heading', { level: 2 })).toContainText(lastName);
    await expect(flow.getByRole('heading', { level: 2 })).toBeFocused();
    const figure = flow.getByRole('figure');
    await expect(figure.locator('ol > li')).toHaveCount(13);
    await expect(figure.locator('.react-flow__node')).toHaveCount(13);
    await expect(figure.getByText('À venir').first()).toBeAttached();
    await expect(flow.getByText('Documents :')).toBeVisible();
    await expectAccessible(page);
    await page.reload();
    await expect(flow.locator('.react-flow__node')).toHaveCount(13);

    // The step filter narrows both tables; the flow stays open.
    const filters = page.getByRole('search', { name: 'Filtres des filleuls' });
    await filters.getByLabel('Étape').selectOption({ label: '13. Intégration terminée' });
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await expect(page).toHaveURL(/step=13/);
    await expect
      .poll(async () => [
        ...new Set(await all.locator('[col-id="step"][role="gridcell"]').allTextContents()),
      ])
      .toEqual(['13. Intégration terminée']);

    // Five rows a page for the team table, its own key in the URL.
    await filters.getByRole('button', { name: 'Réinitialiser' }).click();
    await allSection.getByLabel('Lignes par page').selectOption('5');
    await expect(page).toHaveURL(/[?&]itemsPerPage=5/);
    await expect(all.locator('[col-id="lastName"][role="gridcell"]')).toHaveCount(5);
    await expect(page).not.toHaveURL(/direct\.itemsPerPage/);
    await expectAccessible(page);
  });
});
