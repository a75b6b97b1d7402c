import {
  startSecondFactorEnrolmentAtSignIn,
  verifySecondFactor,
  type SecondFactorChallenge,
  type SecondFactorEnrolment,
  type SecondFactorSession,
  type Session,
} from '@portal/api/session';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { useState } from 'react';
import { secondFactorMessages } from '../second-factor-messages';
import {
  failureMessage,
  RecoveryCodes,
  SecondFactorCodeForm,
  SecondFactorSecret,
} from '../second-factor';

interface Props {
  challenge: SecondFactorChallenge;
  onSignedIn(session: Session): void;
  /** Back to the password (a dead challenge, or another account). */
  onRestart(): void;
}

/**
 * The sign-in's second step, after a right password: a code of the user's app or a recovery
 * code ('code'); or, when his profile requires a factor he lacks, its enrolment ('enrol'), the
 * recovery codes shown once, then the portal.
 */
export default function SecondFactorStep({ challenge, onSignedIn, onRestart }: Props) {
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [enrolled, setEnrolled] = useState<SecondFactorSession | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const enrol = challenge.step === 'enrol';

  const verify = async (code: string) => {
    const session = await verifySecondFactor(challenge.challenge, code);
    if (session.recoveryCodes?.length) setEnrolled(session);
    else onSignedIn(session);
  };

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      setEnrolment(await startSecondFactorEnrolmentAtSignIn(challenge.challenge));
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setStarting(false);
    }
  };

  return (
    <section
      className="rounded-card bg-surface p-6 shadow-sm"
      aria-labelledby="second-factor-title"
    >
      <h2 id="second-factor-title" className="mb-4 text-xl font-semibold text-ink">
        {enrol
          ? secondFactorMessages.secondFactorEnrolTitle
          : secondFactorMessages.secondFactorTitle}
      </h2>
      {error && (
        <div className="mb-4">
          <Alert variant="error">{error}</Alert>
        </div>
      )}
      {enrolled ? (
        <div className="space-y-4">
          <RecoveryCodes codes={enrolled.recoveryCodes ?? []} />
          <Button className="w-full" onClick={() => onSignedIn(enrolled)}>
            {secondFactorMessages.continue}
          </Button>
        </div>
      ) : enrol && !enrolment ? (
        <div className="space-y-4">
          <p className="text-muted">{secondFactorMessages.secondFactorEnrolRequired}</p>
          <Button className="w-full" loading={starting} onClick={() => void start()}>
            {secondFactorMessages.secondFactorEnrolStart}
          </Button>
        </div>
      ) : (
        <div className="space-y-4">
          {enrolment ? (
            <SecondFactorSecret secret={enrolment.secret} qrCode={enrolment.qrCode} />
          ) : (
            <p className="text-muted">{secondFactorMessages.secondFactorPrompt}</p>
          )}
          <SecondFactorCodeForm
            recovery={!enrol}
            submitLabel={
              enrol
                ? secondFactorMessages.secondFactorActivate
                : secondFactorMessages.secondFactorVerify
            }
            onSubmit={verify}
          />
        </div>
      )}
      {!enrolled && (
        <button type="button" className="mt-4 text-sm text-brand-700 underline" onClick={onRestart}>
          {secondFactorMessages.backToPassword}
        </button>
      )}
    </section>
  );
}
