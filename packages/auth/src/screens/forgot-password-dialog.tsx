import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, errorMessage } from '@portal/api/hydra';
import { requestPasswordReset } from '@portal/api/session';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { Dialog } from '@portal/ui/dialog';
import { TextField } from '@portal/ui/text-field';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { messages } from '../messages';
import { type ResetRequestValues, resetRequestSchema } from '../schemas';

interface Props {
  open: boolean;
  onClose: () => void;
  initialEmail?: string;
}

export default function ForgotPasswordDialog({ open, onClose, initialEmail = '' }: Props) {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<ResetRequestValues>({
    resolver: zodResolver(resetRequestSchema),
    defaultValues: { email: initialEmail },
  });
  const { errors, isSubmitting } = form.formState;
  // The login page unmounts the dialog on close, before Headless UI gives the focus back:
  // it goes back here to what opened it ('Mot de passe oublié ?').
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(() => () => opener?.focus(), [opener]);

  const onSubmit = form.handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await requestPasswordReset(values);
      setOutcome({ ok: true, text: messages.resetRequestSent });
    } catch (error) {
      setOutcome({
        ok: false,
        text:
          messages.errorPrefix +
          (error instanceof ApiError
            ? errorMessage(error.body)
            : error instanceof Error
              ? error.message
              : ''),
      });
    }
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Mot de passe oublié"
      description="Saisissez votre adresse e-mail : vous recevrez un lien pour choisir un nouveau mot de passe."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {outcome && <Alert variant={outcome.ok ? 'success' : 'error'}>{outcome.text}</Alert>}
        <TextField
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          required
          data-autofocus
          error={errors.email?.message}
          {...form.register('email')}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {outcome?.ok ? messages.close : 'Annuler'}
          </Button>
          {!outcome?.ok && (
            <Button type="submit" loading={isSubmitting}>
              Envoyer le lien
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
