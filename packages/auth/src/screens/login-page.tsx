import { ApiError, errorMessage } from '@portal/api/hydra';
import {
  isSecondFactorChallenge,
  signIn,
  type SecondFactorChallenge,
  type Session,
} from '@portal/api/session';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { PasswordField } from '@portal/ui/password-field';
import { Spinner } from '@portal/ui/spinner';
import { TextField } from '@portal/ui/text-field';
import { lazy, Suspense, useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Redirect, useLocation } from 'wouter';
import { messages } from '../messages';
import { audienceOf, homePath, takeWantedPath } from '../paths';
import type { LoginValues } from '../schemas';
import { authSetup, SESSION_ENDED } from '../setup';
import { useSessionStore } from '../store';
import { AuthLayout } from './auth-layout';

// The dialog (and Headless UI) loads only when someone asks for it; the second step only for an
// account that has a second factor (the sign-in route stays within its budget).
const ForgotPasswordDialog = lazy(() => import('./forgot-password-dialog'));
const SecondFactorStep = lazy(() => import('./second-factor-step'));

// zod and its resolver (about 7 KB gzip) serve at the first submit, not to draw the form: they
// load once the page is drawn, and a submit before then waits for them. Same schema, same texts.
const loadResolver = () => import('./login-resolver').then((module) => module.loginResolver);
const resolver: Resolver<LoginValues> = async (...args) => (await loadResolver())(...args);

export function LoginPage() {
  const session = useSessionStore((state) => state.session);
  const setSession = useSessionStore((state) => state.setSession);
  const [, navigate] = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  // A right password with a second factor due: the second step, then the session.
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const [finishing, setFinishing] = useState(false);
  const form = useForm<LoginValues>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  // A failed download is tried again at submit.
  useEffect(() => void loadResolver().catch(() => undefined), []);
  const { errors, isSubmitting } = form.formState;

  if (session && !isSubmitting && !finishing) return <Redirect to="/" replace />;

  const finish = (data: Session) => {
    const { app, pages } = authSetup();
    // A session of the other app's audience is handed over from the root: this app's home
    // path would name one of its own pages the user happens to hold (a library), not his home.
    const target = takeWantedPath() ?? (audienceOf(data) === app ? homePath(data, pages) : '/');
    setFinishing(true);
    setSession(data);
    navigate(target, { replace: true });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = await signIn(values);
      if (isSecondFactorChallenge(answer)) setChallenge(answer);
      else finish(answer);
    } catch (error) {
      setServerError(
        error instanceof ApiError
          ? errorMessage(error.body, messages.systemProblem)
          : messages.systemProblem,
      );
    }
  });

  return (
    <AuthLayout>
      <div className="grid w-full max-w-4xl gap-8 md:grid-cols-2">
        <section aria-labelledby="presentation-title" className="space-y-4">
          <h1 id="presentation-title" className="text-3xl font-bold text-ink">
            Le portail du réseau
          </h1>
          <p className="text-muted">
            Conseillers en gestion de patrimoine et en immobilier indépendants, notre réseau a une
            seule ambition : la satisfaction de vos clients.
          </p>
          <p className="text-muted">
            Retrouvez ici vos ventes, vos clients, vos prospects, votre équipe, vos formations et
            toute l'actualité du réseau.
          </p>
        </section>
        {challenge ? (
          <Suspense
            fallback={
              <p role="status" className="flex items-center gap-2 text-muted">
                <Spinner /> {messages.loading}
              </p>
            }
          >
            <SecondFactorStep
              challenge={challenge}
              onSignedIn={finish}
              onRestart={() => {
                setChallenge(null);
                form.setValue('password', '');
              }}
            />
          </Suspense>
        ) : (
          <section className="rounded-card bg-surface p-6 shadow-sm" aria-labelledby="login-title">
            <h2 id="login-title" className="mb-4 text-xl font-semibold text-ink">
              Connexion
            </h2>
            {(serverError || history.state === SESSION_ENDED) && (
              <div className="mb-4">
                <Alert variant={serverError ? 'error' : 'info'}>
                  {serverError ?? messages.sessionEnded}
                </Alert>
              </div>
            )}
            <form noValidate onSubmit={onSubmit} className="space-y-4">
              <TextField
                label="Adresse e-mail"
                type="email"
                autoComplete="username"
                required
                error={errors.email?.message}
                {...form.register('email')}
              />
              <PasswordField
                label="Mot de passe"
                autoComplete="current-password"
                required
                error={errors.password?.message}
                {...form.register('password')}
              />
              <Button type="submit" className="w-full" loading={isSubmitting}>
                Se connecter
              </Button>
            </form>
            <button
              type="button"
              className="mt-4 text-sm text-brand-700 underline"
              onClick={() => setForgotOpen(true)}
            >
              Mot de passe oublié ?
            </button>
          </section>
        )}
      </div>
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            open
            onClose={() => setForgotOpen(false)}
            initialEmail={form.getValues('email')}
          />
        </Suspense>
      )}
    </AuthLayout>
  );
}
