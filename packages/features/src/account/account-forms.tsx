import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Account,
  useChangeAccountPassword,
  useChangeEmail,
  useChangePicture,
  useDeleteAccountPicture,
} from '@portal/api/account';
import { changePictureUpload } from '@portal/api/generated/uploads';
import { ApiError, violationsByField } from '@portal/api/hydra';
import { useSessionStore } from '@portal/auth/store';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { ImageDropzone } from '@portal/ui/image-dropzone';
import { PasswordField } from '@portal/ui/password-field';
import { type CropArea, cropToJpeg, decodesAsImage, PhotoCropper } from '@portal/ui/photo-cropper';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { useRestoreFocus } from '@portal/ui/restore-focus';
import { showSnackbar } from '@portal/ui/snackbar';
import { TextField } from '@portal/ui/text-field';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type FieldValues, type Path, useForm, type UseFormReturn } from 'react-hook-form';
import { InfoCard } from '../common';
import { messages } from './messages';
import {
  type EmailChangeValues,
  emailChangeSchema,
  type PasswordChangeValues,
  passwordChangeSchema,
  passwordRules,
} from './schemas';

/**
 * Puts the server's 422 violations next to their fields (form fields, or `others` for fields
 * outside the form, like a file); answers the alert's text, empty when every one found a place.
 */
export function failureOf<T extends FieldValues>(
  error: Error,
  form: UseFormReturn<T>,
  fields: Path<T>[],
  others: Record<string, (message: string) => void> = {},
): string {
  if (error instanceof ApiError) {
    const byField = violationsByField(error.body);
    let placed = 0;
    for (const [path, message] of Object.entries(byField)) {
      const field = fields.find((name) => name === path);
      if (field) form.setError(field, { message }, { shouldFocus: placed === 0 });
      else if (Object.hasOwn(others, path)) others[path]!(message);
      else continue;
      placed += 1;
    }
    if (placed > 0 && placed === Object.keys(byField).length) return '';
  }
  return messages.errorPrefix + error.message;
}

/** 'Enregistrer' and the failure of a two-column account form, across both columns. */
function SubmitRow({
  pending,
  disabled,
  failure,
}: {
  pending: boolean;
  disabled: boolean;
  failure: string;
}) {
  return (
    <>
      <div className="sm:col-span-2">
        <Button type="submit" loading={pending} disabled={disabled}>
          {messages.save}
        </Button>
      </div>
      {failure && (
        <Alert variant="error" className="sm:col-span-2">
          {failure}
        </Alert>
      )}
    </>
  );
}

/**
 * Keeps the session store (header, menus) in step with a change; the account hooks of
 * `@portal/api/account` update the query cache themselves.
 */
function updateSession(change: Partial<Pick<Account, 'email' | 'picture' | 'circularPicture'>>) {
  const { session, setSession } = useSessionStore.getState();
  if (session) setSession({ ...session, ...change });
}

export function EmailForm({ account, disabled }: { account: Account; disabled: boolean }) {
  const [failure, setFailure] = useState('');
  const form = useForm<EmailChangeValues>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: { email: '', confirmEmail: '', currentPassword: '' },
  });
  const { errors } = form.formState;
  const save = useChangeEmail({
    onSuccess: (saved) => {
      updateSession({ email: saved.email });
      form.reset();
      showSnackbar(messages.success, 'success');
    },
    onError: (error) => setFailure(failureOf(error, form, ['email', 'currentPassword'])),
  });
  const onSubmit = form.handleSubmit((values) => {
    setFailure('');
    save.mutate({
      id: account.id,
      body: { email: values.email, currentPassword: values.currentPassword },
    });
  });
  return (
    <InfoCard id="account-email" title={messages.emailTitle} intro={messages.emailHint}>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-4 sm:grid-cols-2"
      >
        <TextField
          label={messages.newEmail}
          type="email"
          autoComplete="email"
          required
          disabled={disabled}
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label={messages.confirmEmail}
          type="email"
          autoComplete="email"
          required
          disabled={disabled}
          error={errors.confirmEmail?.message}
          {...form.register('confirmEmail')}
        />
        <PasswordField
          label={messages.currentPassword}
          hint={messages.currentPasswordHint}
          autoComplete="current-password"
          required
          disabled={disabled}
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <SubmitRow pending={save.isPending} disabled={disabled} failure={failure} />
      </form>
    </InfoCard>
  );
}

export function PasswordForm({ account, disabled }: { account: Account; disabled: boolean }) {
  const [failure, setFailure] = useState('');
  const form = useForm<PasswordChangeValues>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: '', password: '', confirmation: '' },
  });
  const { errors } = form.formState;
  const save = useChangeAccountPassword({
    onSuccess: () => {
      form.reset();
      showSnackbar(messages.success, 'success');
    },
    onError: (error) => setFailure(failureOf(error, form, ['password', 'currentPassword'])),
  });
  const onSubmit = form.handleSubmit((values) => {
    setFailure('');
    save.mutate({
      id: account.id,
      body: { password: values.password, currentPassword: values.currentPassword },
    });
  });
  return (
    <InfoCard id="account-password" title={messages.passwordTitle} intro={messages.passwordHint}>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-4 sm:grid-cols-2"
      >
        <PasswordField
          label={messages.currentPassword}
          autoComplete="current-password"
          required
          disabled={disabled}
          className="sm:col-span-2 sm:max-w-[calc(50%-0.5rem)]"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <PasswordField
          label={messages.newPassword}
          hint={passwordRules}
          autoComplete="new-password"
          required
          disabled={disabled}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordField
          label={messages.confirmPassword}
          autoComplete="new-password"
          required
          disabled={disabled}
          error={errors.confirmation?.message}
          {...form.register('confirmation')}
        />
        <SubmitRow pending={save.isPending} disabled={disabled} failure={failure} />
      </form>
    </InfoCard>
  );
}

/** Images the browser can frame; what it sends is always a small JPEG. */
const PHOTO_ACCEPT = changePictureUpload.accept.file;
/** The original stays in the browser, so it may be larger than what the server takes. */
const PHOTO_MAX_SIZE = 25 * 1024 * 1024;

/** Choose, frame and send a photo: the browser sends a 200x200 JPEG at quality 0.9 (spec §8). */
export function PhotoForm({ account }: { account: Account }) {
  const [file, setFile] = useState<File | null>(null);
  const [area, setArea] = useState<CropArea | null>(null);
  const [failure, setFailure] = useState('');
  const source = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (source) URL.revokeObjectURL(source);
    },
    [source],
  );
  const [confirming, setConfirming] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  /** The file chooser ('Choisir une photo'), back in place of the cropper. */
  const chooser = () => card.current?.querySelector<HTMLElement>('input[type="file"]');
  // Closing the cropper (saved or cancelled) gives focus back to the file chooser.
  useRestoreFocus(file !== null, chooser);
  const remove = useDeleteAccountPicture({
    onSuccess: () => {
      updateSession({ picture: null, circularPicture: null });
      setConfirming(false);
      showSnackbar(messages.photoDeleted, 'success');
    },
  });
  const save = useChangePicture({
    onSuccess: (saved) => {
      updateSession(saved);
      setFile(null);
      setArea(null);
      showSnackbar(messages.success, 'success');
    },
    onError: (error) =>
      setFailure(
        error.message === messages.blobError ? error.message : messages.errorPrefix + error.message,
      ),
  });
  const hasPhoto = Boolean(account.picture ?? account.circularPicture);
  return (
    <div ref={card}>
      <InfoCard id="account-photo" title={messages.photoTitle}>
        {!file ? (
          <ImageDropzone
            label={messages.photo}
            value={null}
            onChange={(chosen) => {
              setFailure('');
              if (!chosen) return setFile(null);
              // A file that is no image (whatever its name says) opens no cropper.
              void decodesAsImage(chosen).then((image) =>
                image ? setFile(chosen) : setFailure(messages.blobError),
              );
            }}
            accept={PHOTO_ACCEPT}
            maxSize={PHOTO_MAX_SIZE}
            labels={{ hint: messages.photoHint, choose: messages.choosePhoto }}
          />
        ) : (
          <div className="space-y-4">
            {source && <PhotoCropper src={source} onChange={setArea} />}
            <div className="flex flex-wrap gap-3">
              <Button
                type="button"
                onClick={() => {
                  setFailure('');
                  if (!file || !area) return setFailure(messages.blobError);
                  save.mutate({ id: account.id, photo: () => cropToJpeg(file, area, 200, 0.9) });
                }}
                loading={save.isPending}
                disabled={!area}
              >
                {messages.savePhoto}
              </Button>
              <Button
                type="button"
                variant="secondary"
                onClick={() => {
                  setFile(null);
                  setFailure('');
                }}
                disabled={save.isPending}
              >
                {messages.cancelPhoto}
              </Button>
            </div>
          </div>
        )}
        {!file && hasPhoto && (
          <Button
            type="button"
            variant="secondary"
            className="mt-4"
            onClick={() => {
              remove.reset();
              setConfirming(true);
            }}
          >
            {messages.deletePhoto}
          </Button>
        )}
        {failure && (
          <Alert variant="error" className="mt-4">
            {failure}
          </Alert>
        )}
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          onConfirm={() => remove.mutate(account.id)}
          title={messages.deletePhotoTitle}
          message={messages.deletePhotoMessage}
          confirmLabel={messages.deletePhotoConfirm}
          cancelLabel={messages.cancelPhoto}
          destructive
          pending={remove.isPending}
          error={
            remove.isError && (
              <Alert variant="error">{messages.errorPrefix + remove.error.message}</Alert>
            )
          }
        />
      </InfoCard>
    </div>
  );
}
