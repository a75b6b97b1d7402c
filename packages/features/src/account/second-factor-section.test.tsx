import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, apiHandler, renderScreen, useMockApi } from '../testing';
import { SecondFactorSection } from './second-factor-section';

const QR = 'data:image/png;base64,iVBORw0KGgo=';
const CODES = Array.from({ length: 10 }, (_, n) => `abcde-fgh${n}k`);
const NEW_CODES = Array.from({ length: 10 }, (_, n) => `zyxwv-uts${n}r`);
let enrolled = false;

describe('SecondFactorSection', () => {
  useMockApi(
    apiHandler('get', '/me/second_factor', () => ({
      enrolled,
      required: false,
      enrolledAt: enrolled ? '2026-11-27T21:00:00Z' : null,
      recoveryCodesLeft: enrolled ? 10 : 0,
    })),
    apiHandler('post', '/me/second_factor', () => ({
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      otpauthUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      qrCode: QR,
    })),
    apiHandler('post', '/me/second_factor/confirmation', async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      if (code !== '123456')
        return apiError(422, 'code: Code incorrect.', [
          { propertyPath: 'code', message: 'Code incorrect.' },
        ]);
      enrolled = true;
      return { recoveryCodes: CODES };
    }),
    apiHandler('post', '/me/second_factor/recovery_codes', async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      if (code !== '654321')
        return apiError(422, 'code: Code incorrect. Il vous reste 9 essais.', [
          { propertyPath: 'code', message: 'Code incorrect. Il vous reste 9 essais.' },
        ]);
      return { recoveryCodes: NEW_CODES };
    }),
  );

  it('enrols: the QR code and the key, a wrong code refused in French, then the recovery codes once', async () => {
    const user = userEvent.setup();
    renderScreen(<SecondFactorSection />);
    const section = await screen.findByRole('region', { name: 'Vérification en deux étapes' });
    await user.click(
      await within(section).findByRole('button', {
        name: 'Activer la vérification en deux étapes',
      }),
    );
    expect(
      await within(section).findByRole('img', {
        name: "QR code à scanner avec votre application d'authentification",
      }),
    ).toHaveAttribute('src', QR);
    expect(within(section).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();

    await user.click(within(section).getByRole('button', { name: 'Activer' }));
    expect(await within(section).findByText('Ce champ est obligatoire.')).toBeVisible();
    await user.type(within(section).getByLabelText(/Code à 6 chiffres/), '000000');
    await user.click(within(section).getByRole('button', { name: 'Activer' }));
    expect(await within(section).findByText('Code incorrect.')).toBeVisible();

    await user.type(within(section).getByLabelText(/Code à 6 chiffres/), '123456');
    await user.click(within(section).getByRole('button', { name: 'Activer' }));
    const list = await within(section).findByRole('list', { name: 'Codes de secours' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(within(section).getByText('La vérification en deux étapes est activée.')).toBeVisible();
  });

  it('with the factor on, gives new recovery codes after a code of the app, by keyboard alone', async () => {
    enrolled = true;
    const user = userEvent.setup();
    renderScreen(<SecondFactorSection />);
    const section = await screen.findByRole('region', { name: 'Vérification en deux étapes' });
    const open = await within(section).findByRole('button', {
      name: 'Générer de nouveaux codes de secours',
    });
    open.focus();
    await user.keyboard('{Enter}');
    // The field takes the focus; the current codes are said to stop.
    const field = await within(section).findByLabelText(/Code à 6 chiffres/);
    expect(field).toHaveFocus();
    expect(within(section).getByText(/cesseront de fonctionner/)).toBeVisible();
    await user.keyboard('000000{Enter}');
    expect(
      await within(section).findByText('Code incorrect. Il vous reste 9 essais.'),
    ).toBeVisible();
    await user.keyboard('654321{Enter}');
    const list = await within(section).findByRole('list', { name: 'Codes de secours' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(NEW_CODES);
    expect(
      within(section).getByText(
        'De nouveaux codes de secours ont été générés : les anciens ne fonctionnent plus.',
      ),
    ).toBeVisible();
  });

  it('lets the regeneration be cancelled', async () => {
    enrolled = true;
    const user = userEvent.setup();
    renderScreen(<SecondFactorSection />);
    const section = await screen.findByRole('region', { name: 'Vérification en deux étapes' });
    await user.click(
      await within(section).findByRole('button', { name: 'Générer de nouveaux codes de secours' }),
    );
    await user.click(within(section).getByRole('button', { name: 'Annuler' }));
    expect(within(section).queryByLabelText(/Code à 6 chiffres/)).toBeNull();
    expect(
      within(section).getByRole('button', { name: 'Générer de nouveaux codes de secours' }),
    ).toHaveFocus();
  });
});
