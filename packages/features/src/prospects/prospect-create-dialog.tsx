import { zodResolver } from '@hookform/resolvers/zod';
import { createProspectUpload } from '@portal/api/generated/uploads';
import type { ConsultantReference } from '@portal/api/agents';
import { ApiError, violationsByField } from '@portal/api/hydra';
import { type Prospect, prospectHeaders, useCreateProspect } from '@portal/api/prospects';
import { useHasComponent } from '@portal/auth';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { DateField } from '@portal/ui/date-field';
import { Dialog } from '@portal/ui/dialog';
import { FileField } from '@portal/ui/file-field';
import { showSnackbar } from '@portal/ui/snackbar';
import { TextField } from '@portal/ui/text-field';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { dateFieldLabels } from '../common';
import { messages } from './messages';

// Staff only: agents' bundle stays without the picker (docs/budgets.md).
const AgentPicker = lazy(() =>
  import('../pickers').then((module) => ({ default: module.AgentPicker })),
);

/** What the input offers; the server reads the type from the content. */
const MAX = 180;

const CGP_MAX = 32;
const requiredText = (max: number) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, messages.required), z.maxLength(max, messages.tooLong(max)));
const documentSchema = z.custom<File | null>((value) => value === null || value instanceof File);

// Strings and z.custom only: agents use this form (docs/budgets.md).
const prospectSchema = (staff: boolean) =>
  z.object({
    lastName: requiredText(MAX),
    firstName: requiredText(MAX),
    birthday: z.string().check(z.minLength(1, messages.required)),
    // Staff name the agent by his CGP id; agents create their own prospects.
    consultant: staff
      ? requiredText(CGP_MAX)
      : z.string().check(z.maxLength(CGP_MAX, messages.tooLong(CGP_MAX))),
    ricFile: documentSchema,
    derFile: documentSchema,
  });
type Values = z.output<ReturnType<typeof prospectSchema>>;
const FIELDS = ['lastName', 'firstName', 'birthday', 'consultant', 'ricFile', 'derFile'] as const;

const EMPTY: Values = {
  lastName: '',
  firstName: '',
  birthday: '',
  consultant: '',
  ricFile: null,
  derFile: null,
};

/**
 * 'Ajouter un prospect': names and birthday required, the RIC and DER files; with
 * `prospects_required_documents` the submit stays disabled until one of them is attached.
 * Staff pick the agent with the agent picker (his CGP id is sent).
 */
export function ProspectCreateDialog({
  open,
  onClose,
  onCreated,
  staff,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (prospect: Prospect) => void;
  staff: boolean;
}) {
  const [schema] = useState(() => prospectSchema(staff));
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  // `watch`, not `useWatch`: the latter would grow the agent's sign-in route (docs/budgets.md).
  // eslint-disable-next-line react-hooks/incompatible-library -- `watch`, not `useWatch` (docs/budgets.md)
  const values = watch();
  const [failure, setFailure] = useState<string | null>(null);
  const [agent, setAgent] = useState<ConsultantReference | null>(null);
  const documentsRequired = useHasComponent('prospects_required_documents');
  const create = useCreateProspect({
    onSuccess: (prospect) => {
      showSnackbar(messages.created, 'success');
      reset(EMPTY);
      setAgent(null);
      onCreated(prospect);
    },
    // Everything typed stays; the server's violations go next to their fields.
    onError: (error) => {
      const byField = error instanceof ApiError ? violationsByField(error.body) : {};
      let placed = false;
      for (const [path, message] of Object.entries(byField)) {
        const field = FIELDS.find((name) => name === path);
        if (field) {
          setError(field, { message });
          placed = true;
        }
      }
      if (!placed) setFailure(messages.errorPrefix + error.message);
    },
  });
  const missingDocument = documentsRequired && !values.ricFile && !values.derFile;

  const submit = handleSubmit((form) => {
    setFailure(null);
    if (missingDocument) return;
    create.mutate({
      lastName: form.lastName,
      firstName: form.firstName,
      birthday: form.birthday,
      consultant: staff ? form.consultant.trim() : undefined,
      ricFile: form.ricFile,
      derFile: form.derFile,
    });
  });
  const close = () => {
    if (create.isPending) return;
    clearErrors();
    setFailure(null);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title={messages.addTitle} closeLabel={messages.close}>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        {failure && <Alert variant="error">{failure}</Alert>}
        <TextField
          label={prospectHeaders.lastName}
          required
          maxLength={MAX}
          error={errors.lastName?.message}
          {...register('lastName')}
        />
        <TextField
          label={prospectHeaders.firstName}
          required
          maxLength={MAX}
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <DateField
          label={messages.birthday}
          required
          labels={dateFieldLabels}
          value={values.birthday}
          error={errors.birthday?.message}
          onChange={(birthday) => setValue('birthday', birthday, { shouldValidate: isSubmitted })}
        />
        {staff && (
          // The agent by name (his CGP id beside it), as in the other staff screens.
          <Suspense fallback={null}>
            <AgentPicker
              label={messages.consultant}
              value={agent}
              error={errors.consultant?.message}
              onChange={(picked) => {
                setAgent(picked);
                setValue('consultant', picked?.idCgp ?? '', { shouldValidate: isSubmitted });
              }}
            />
          </Suspense>
        )}
        <FileField
          label={messages.ricFile}
          accept={createProspectUpload.accept.ricFile}
          hint={messages.filesHint}
          value={values.ricFile}
          error={errors.ricFile?.message}
          onChange={(file) => setValue('ricFile', file)}
        />
        <FileField
          label={messages.derFile}
          accept={createProspectUpload.accept.derFile}
          hint={messages.filesHint}
          value={values.derFile}
          error={errors.derFile?.message}
          onChange={(file) => setValue('derFile', file)}
        />
        {missingDocument && <p className="text-sm text-muted">{messages.filesRequired}</p>}
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={close} disabled={create.isPending}>
            {messages.cancel}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={missingDocument}>
            {messages.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
