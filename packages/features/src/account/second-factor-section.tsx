import {
  getSecondFactorQuery,
  type SecondFactorEnrolment,
  useConfirmSecondFactorEnrolment,
  useRegenerateSecondFactorRecoveryCodes,
  useStartSecondFactorEnrolment,
} from '@portal/api/second-factor';
import {
  failureMessage,
  RecoveryCodes,
  SecondFactorCodeForm,
  SecondFactorSecret,
} from '@portal/auth/second-factor';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { formatDate } from '@portal/ui/format';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { InfoCard } from '../common';
import { messages } from './messages';

/**
 * The account page's second factor (issue 42), on both apps' account pages: its state, its
 * enrolment (scan, confirm with a code) and the recovery codes, shown once. Turning it off is
 * an administrator's reset. With the factor on, new recovery codes after a current code of the
 * app (the old ones stop), shown once too.
 */
export function SecondFactorSection() {
  const status = useQuery(getSecondFactorQuery());
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = useStartSecondFactorEnrolment({
    onSuccess: (data) => {
      setError(null);
      setEnrolment(data);
    },
    onError: (failure) => setError(failureMessage(failure)),
  });
  const confirm = useConfirmSecondFactorEnrolment({
    onSuccess: (data) => {
      setEnrolment(null);
      setRecoveryCodes(data.recoveryCodes);
    },
  });
  const [regenerating, setRegenerating] = useState(false);
  const [regenerated, setRegenerated] = useState(false);
  const regenerate = useRegenerateSecondFactorRecoveryCodes({
    onSuccess: (data) => {
      setRegenerating(false);
      setRegenerated(true);
      setRecoveryCodes(data.recoveryCodes);
    },
  });
  // The button the keyboard was on goes: its form's field takes the focus, and the button
  // takes it back when the form is cancelled.
  const regenerateForm = useRef<HTMLDivElement>(null);
  const regenerateButton = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  useEffect(() => {
    if (regenerating) regenerateForm.current?.querySelector('input')?.focus();
    else if (cancelled.current) regenerateButton.current?.focus();
    cancelled.current = false;
  }, [regenerating]);
  const data = status.data;

  return (
    <InfoCard id="account-second-factor" title={messages.secondFactorTitle}>
      <div className="space-y-4">
        {status.isPending && <p role="status">{messages.loading}</p>}
        {status.isError && (
          <Alert variant="error">{messages.errorPrefix + status.error.message}</Alert>
        )}
        {recoveryCodes && (
          <>
            <Alert variant="success">
              {regenerated ? messages.recoveryCodesRegenerated : messages.secondFactorEnabled}
            </Alert>
            <RecoveryCodes codes={recoveryCodes} />
          </>
        )}
        {data?.enrolled && !recoveryCodes && (
          <p>
            {messages.secondFactorOn(
              data.enrolledAt ? formatDate(data.enrolledAt) : '',
              data.recoveryCodesLeft,
            )}
          </p>
        )}
        {data?.enrolled && !recoveryCodes && !regenerating && (
          <Button ref={regenerateButton} variant="secondary" onClick={() => setRegenerating(true)}>
            {messages.recoveryCodesRegenerate}
          </Button>
        )}
        {data?.enrolled && regenerating && (
          <div ref={regenerateForm} className="space-y-4">
            <p>{messages.recoveryCodesRegenerateText}</p>
            <SecondFactorCodeForm
              submitLabel={messages.recoveryCodesRegenerateSubmit}
              onSubmit={async (code) => {
                await regenerate.mutateAsync(code);
              }}
            />
            <Button
              variant="ghost"
              onClick={() => {
                cancelled.current = true;
                setRegenerating(false);
              }}
            >
              {messages.cancel}
            </Button>
          </div>
        )}
        {data && !data.enrolled && !enrolment && (
          <>
            <p>{data.required ? messages.secondFactorRequired : messages.secondFactorOffered}</p>
            {error && <Alert variant="error">{error}</Alert>}
            <Button loading={start.isPending} onClick={() => start.mutate()}>
              {messages.secondFactorStart}
            </Button>
          </>
        )}
        {enrolment && (
          <>
            <SecondFactorSecret secret={enrolment.secret} qrCode={enrolment.qrCode} />
            <SecondFactorCodeForm
              submitLabel={messages.secondFactorActivate}
              onSubmit={async (code) => {
                await confirm.mutateAsync(code);
              }}
            />
          </>
        )}
      </div>
    </InfoCard>
  );
}
