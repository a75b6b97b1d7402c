import { ApiError, errorMessage } from '@portal/api/hydra';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { TextField } from '@portal/ui/text-field';
import { type FormEvent, useId, useState } from 'react';
import { messages } from './messages';
import { secondFactorMessages } from './second-factor-messages';

/**
 * The second factor's pieces shared by the sign-in (its second step, and the enrolment a profile
 * may require) and the account pages of both apps: the code form, the secret to scan and the
 * recovery codes shown once.
 */

/** The French message of a failed call (the violation's, else the description). */
export const failureMessage = (error: unknown) =>
  error instanceof ApiError
    ? errorMessage(error.body, messages.systemProblem)
    : messages.systemProblem;

interface CodeFormProps {
  /** Sends the code; a rejection shows its message under the field. */
  onSubmit(code: string): Promise<void>;
  submitLabel: string;
  /** Whether a recovery code is accepted too (sign-in), or only the app's 6 digits (enrolment). */
  recovery?: boolean;
}

export function SecondFactorCodeForm({ onSubmit, submitLabel, recovery = false }: CodeFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(messages.required);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(code.trim());
    } catch (failure) {
      setError(failureMessage(failure));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label={
          recovery
            ? secondFactorMessages.secondFactorCodeOrRecovery
            : secondFactorMessages.secondFactorCode
        }
        hint={recovery ? secondFactorMessages.secondFactorCodeHint : undefined}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        spellCheck={false}
        required
        value={code}
        error={error ?? undefined}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" className="w-full" loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** The secret as a QR code and as text, grouped by four for typing it by hand. */
export function SecondFactorSecret({ secret, qrCode }: { secret: string; qrCode: string }) {
  const textId = useId();
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">{secondFactorMessages.secondFactorScan}</p>
      <img
        src={qrCode}
        alt={secondFactorMessages.secondFactorQrAlt}
        width={200}
        height={200}
        className="rounded-lg border border-muted bg-white"
      />
      <p className="text-sm text-muted" id={textId}>
        {secondFactorMessages.secondFactorManual}
      </p>
      <p
        aria-labelledby={textId}
        className="font-mono text-sm break-all text-ink"
        data-testid="second-factor-secret"
      >
        {secret.match(/.{1,4}/g)?.join(' ')}
      </p>
    </div>
  );
}

/** The ten recovery codes, shown this once. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Alert variant="warning" title={secondFactorMessages.recoveryCodesTitle}>
      <p>{secondFactorMessages.recoveryCodesText}</p>
      <ul
        aria-label={secondFactorMessages.recoveryCodesTitle}
        className="mt-2 grid grid-cols-2 gap-1 font-mono"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </Alert>
  );
}
