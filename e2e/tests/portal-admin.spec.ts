import { expect, expectAccessible, signIn, test } from '../support/fixtures';
import { DEMO, E2E } from '../support/ports';

test.describe('portal administration', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, E2E.staffApp, DEMO.admin);
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
    await page.goto(`${E2E.staffApp}/administration/portail`);
    await expect(page.getByRole('heading', { name: 'Administration du portail' })).toBeVisible();
  });

  test('the support address is required, valid, and saved', async ({ page }) => {
    const field = page.getByLabel('Adresse e-mail du support');
    await expect(field).toHaveValue('support@reseau-patrimoine.fr');
    await field.fill('');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Ce champ est obligatoire.')).toBeVisible();
    await field.fill('support@');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText("Cette valeur n'est pas une adresse email valide.")).toBeVisible();
    await field.fill('assistance@reseau-patrimoine.fr');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Modification réussie.')).toBeVisible();
    await expectAccessible(page);

    // The 'Compte suspendu' dialog shows the new address.
    const suspended = await page.context().browser()!.newPage();
    await signIn(suspended, E2E.agentApp, DEMO.disabled);
    await expect(suspended.getByRole('dialog', { name: 'Compte suspendu' })).toContainText(
      'assistance@reseau-patrimoine.fr',
    );
    await suspended.close();

    await field.fill('support@reseau-patrimoine.fr');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Modification réussie.')).toBeVisible();
  });

  test('a profile is added with its prefix, then deleted', async ({ page }) => {
    const add = page.getByRole('form', { name: 'Ajouter un profil' });
    await add.getByRole('button', { name: 'Ajouter' }).click();
    await expect(add.getByText('Ce champ est obligatoire.')).toBeVisible();

    await add.getByLabel('Nom du profil').fill('Parrain E2E');
    await add.getByLabel('Type de profil').selectOption('Mandataire');
    await add.getByRole('button', { name: 'Ajouter' }).click();
    await expect(add.getByText('Modification effectuée avec succès.')).toBeVisible();
    // The new agent profile is a column of the agent matrix.
    await expect(
      page
        .getByRole('table', { name: 'Composants des profils mandataires' })
        .getByRole('columnheader', { name: 'Mandataire - Parrain E2E' }),
    ).toBeVisible();

    const remove = page.getByRole('form', { name: 'Supprimer un profil' });
    await remove.getByRole('button', { name: 'Supprimer' }).click();
    await expect(remove.getByText('Ce champ est obligatoire.')).toBeVisible();
    await remove
      .getByLabel('Profil à supprimer')
      .selectOption({ label: 'Mandataire - Parrain E2E' });
    await remove.getByRole('button', { name: 'Supprimer' }).click();
    // Nothing is deleted before the confirmation; focus starts on 'Annuler'.
    const confirm = page.getByRole('dialog', { name: 'Supprimer un profil' });
    await expect(confirm).toContainText('« Mandataire - Parrain E2E »');
    await expect(confirm.getByRole('button', { name: 'Annuler' })).toBeFocused();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(remove.getByText('Modification effectuée avec succès.')).toBeVisible();
    await expect(remove.getByRole('option', { name: 'Mandataire - Parrain E2E' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a profile that users hold cannot be deleted', async ({ page }) => {
    const remove = page.getByRole('form', { name: 'Supprimer un profil' });
    await remove.getByLabel('Profil à supprimer').selectOption({ label: 'Communication' });
    await remove.getByRole('button', { name: 'Supprimer' }).click();
    await page
      .getByRole('dialog', { name: 'Supprimer un profil' })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await expect(remove.getByRole('alert')).toHaveText('Impossible de supprimer le profil.');
  });

  test('both component matrices are shown to the administrator', async ({ page }) => {
    await expect(
      page.getByRole('table', { name: 'Composants des profils mandataires' }),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Composants des profils Hubnup' })).toBeVisible();
    await expect(
      page
        .getByRole('table', { name: 'Composants des profils Hubnup' })
        .getByRole('checkbox', { name: 'Utilisateurs — Admin', exact: true }),
    ).toBeChecked();
  });
});

test.describe('training-platform roles', () => {
  test('saving needs at least one administrator', async ({ page }) => {
    await signIn(page, E2E.staffApp, DEMO.admin);
    await expect(page).toHaveURL(`${E2E.staffApp}/accueil`);
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Rôles Odysseal' })
      .click();
    await expect(page.getByRole('heading', { name: 'Rôles Odysseal' })).toBeVisible();
    const admin = page.getByRole('combobox', { name: 'Rôle du profil Admin' });
    await expect(admin).toHaveValue('ROLE_ADMIN');
    await admin.selectOption({ label: 'Aucun' });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Vous devez sélectionnez au moins un administrateur',
    );
    await admin.selectOption({ label: 'Administrateur' });
    await page
      .getByRole('combobox', { name: 'Rôle du profil Communication' })
      .selectOption({ label: 'Responsable de pôle' });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Modification réussie.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Rôle du profil Communication' })).toHaveValue(
      'ROLE_RP',
    );
    await page
      .getByRole('combobox', { name: 'Rôle du profil Communication' })
      .selectOption({ label: 'Aucun' });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Modification réussie.')).toBeVisible();
    await expectAccessible(page);
  });
});
