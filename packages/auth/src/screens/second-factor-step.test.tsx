import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

const { POST } = vi.hoisted(() => ({ POST: vi.fn() }));
vi.mock('@portal/api/client', () => ({ api: { main: { POST } }, configureApi: vi.fn() }));

const { default: SecondFactorStep } = await import('./second-factor-step');

const ok = (data: unknown, status = 200) => ({ data, response: { ok: true, status } });
const refused = (status: number, error: unknown) => ({ error, response: { ok: false, status } });
const wrongCode = refused(422, {
  'hydra:description': 'code: Code incorrect. Il vous reste 9 essais.',
  violations: [{ propertyPath: 'code', message: 'Code incorrect. Il vous reste 9 essais.' }],
});
const session = { token: 'jwt', fullName: 'Compte De test' };
const challenge = (step: 'code' | 'enrol') => ({
  challenge: 'c'.repeat(43),
  step,
  expiresAt: '2026-11-27T22:00:00Z',
});

afterEach(() => {
  cleanup();
  POST.mockReset();
});

describe('the second sign-in step', () => {
  it('takes a code or a recovery code; a wrong one is refused in French, counted down', async () => {
    const user = userEvent.setup();
    const onSignedIn = vi.fn();
    POST.mockResolvedValueOnce(wrongCode).mockResolvedValueOnce(ok(session));
    render(
      <SecondFactorStep
        challenge={challenge('code')}
        onSignedIn={onSignedIn}
        onRestart={vi.fn()}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Vérification en deux étapes' })).toBeTruthy();
    await user.type(screen.getByLabelText(/Code de vérification/), '000000');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Code incorrect. Il vous reste 9 essais.')).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/Code de vérification/), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session));
    expect(POST).toHaveBeenLastCalledWith('/token/second_factor', {
      body: { challenge: 'c'.repeat(43), code: 'abcde-fghjk' },
    });
  });

  it('enrols when the profile requires it, shows the recovery codes, then signs in', async () => {
    const user = userEvent.setup();
    const onSignedIn = vi.fn();
    const codes = Array.from({ length: 10 }, (_, n) => `abcde-fgh${n}k`);
    POST.mockResolvedValueOnce(
      ok(
        {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://x',
          qrCode: 'data:image/png;base64,x',
        },
        201,
      ),
    ).mockResolvedValueOnce(ok({ ...session, recoveryCodes: codes }));
    render(
      <SecondFactorStep
        challenge={challenge('enrol')}
        onSignedIn={onSignedIn}
        onRestart={vi.fn()}
      />,
    );
    expect(
      screen.getByText(
        'Votre profil exige une vérification en deux étapes : activez-la pour accéder au portail.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Commencer' }));
    expect(
      await screen.findByRole('img', {
        name: "QR code à scanner avec votre application d'authentification",
      }),
    ).toBeTruthy();
    await user.type(screen.getByLabelText(/Code à 6 chiffres/), '123456');
    await user.click(screen.getByRole('button', { name: 'Activer' }));
    expect(await screen.findByRole('list', { name: 'Codes de secours' })).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(onSignedIn).toHaveBeenCalledWith({ ...session, recoveryCodes: codes });
  });

  it('a dead challenge says so, and the way back to the password is offered', async () => {
    const user = userEvent.setup();
    const onRestart = vi.fn();
    const expired =
      'Votre vérification en deux étapes a expiré : saisissez à nouveau votre mot de passe.';
    POST.mockResolvedValueOnce(refused(401, { 'hydra:description': expired }));
    render(
      <SecondFactorStep challenge={challenge('code')} onSignedIn={vi.fn()} onRestart={onRestart} />,
    );
    await user.type(screen.getByLabelText(/Code de vérification/), '123456');
    await user.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText(expired)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Revenir au mot de passe' }));
    expect(onRestart).toHaveBeenCalled();
  });
});
