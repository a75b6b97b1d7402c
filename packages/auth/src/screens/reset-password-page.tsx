import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, violationsByField } from '@portal/api/hydra';
import { resetPassword } from '@portal/api/session';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { PasswordField } from '@portal/ui/password-field';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { messages } from '../messages';
import { type NewPasswordValues, newPasswordSchema } from '../schemas';
import { AuthLayout } from './auth-layout';

export const RESET_REDIRECT_DELAY_MS = 2000;

export function ResetPasswordPage({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const [outcome, setOutcome] = useState<'done' | 'failed' | null>(null);
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmation: '' },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (outcome !== 'done') return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setOutcome(null);
    try {
      await resetPassword(token, password);
      setOutcome('done');
    } catch (error) {
      const policy =
        error instanceof ApiError && error.status === 422
          ? violationsByField(error.body).password
          : undefined;
      if (policy) form.setError('password', { message: policy });
      else setOutcome('failed');
    }
  });

  return (
    <AuthLayout>
      <section
        className="w-full max-w-md rounded-card bg-surface p-6 shadow-sm"
        aria-labelledby="reset-title"
      >
        <h1 id="reset-title" className="mb-4 text-xl font-semibold text-ink">
          Choisir un nouveau mot de passe
        </h1>
        {outcome === 'done' && <Alert variant="success">{messages.resetDone}</Alert>}
        {outcome === 'failed' && <Alert variant="error">{messages.resetFailed}</Alert>}
        {outcome !== 'done' && (
          <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
            <PasswordField
              label="Nouveau mot de passe"
              autoComplete="new-password"
              required
              hint="Au moins 8 caractères, dont une majuscule, une minuscule, un chiffre et un caractère spécial."
              error={errors.password?.message}
              {...form.register('password')}
            />
            <PasswordField
              label="Confirmation du mot de passe"
              autoComplete="new-password"
              required
              error={errors.confirmation?.message}
              {...form.register('confirmation')}
            />
            <Button type="submit" className="w-full" loading={isSubmitting}>
              Valider
            </Button>
          </form>
        )}
      </section>
    </AuthLayout>
  );
}
