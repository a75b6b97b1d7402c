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
import { type FormEvent, useState } from 'react';
import { dateFieldLabels } from '../common';
import { messages } from './messages';

/** What the input offers; the server reads the type from the content. */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.doc,.docx,.odt';
const MAX = 180;

interface Values {
  lastName: string;
  firstName: string;
  birthday: string;
  consultant: string;
  ricFile: File | null;
  derFile: File | null;
}
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
 * Staff name the agent by his CGP id.
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
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const documentsRequired = useHasComponent('prospects_required_documents');
  const create = useCreateProspect({
    onSuccess: (prospect) => {
      showSnackbar(messages.created, 'success');
      setValues(EMPTY);
      onCreated(prospect);
    },
    onError: (error) => {
      const byField = error instanceof ApiError ? violationsByField(error.body) : {};
      if (Object.keys(byField).length > 0) setErrors(byField);
      else setFailure(messages.errorPrefix + error.message);
    },
  });
  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));
  const missingDocument = documentsRequired && !values.ricFile && !values.derFile;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found: Record<string, string> = {};
    if (!values.lastName.trim()) found.lastName = messages.required;
    if (!values.firstName.trim()) found.firstName = messages.required;
    if (!values.birthday) found.birthday = messages.required;
    if (staff && !values.consultant.trim()) found.consultant = messages.required;
    setErrors(found);
    if (Object.keys(found).length > 0 || missingDocument) return;
    create.mutate({
      lastName: values.lastName.trim(),
      firstName: values.firstName.trim(),
      birthday: values.birthday,
      consultant: staff ? values.consultant.trim() : undefined,
      ricFile: values.ricFile,
      derFile: values.derFile,
    });
  };
  const close = () => {
    if (create.isPending) return;
    setErrors({});
    setFailure(null);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title={messages.addTitle} closeLabel={messages.close}>
      <form noValidate onSubmit={submit} className="space-y-4">
        {failure && <Alert variant="error">{failure}</Alert>}
        <TextField
          label={prospectHeaders.lastName}
          required
          maxLength={MAX}
          value={values.lastName}
          error={errors.lastName}
          onChange={(event) => set({ lastName: event.target.value })}
        />
        <TextField
          label={prospectHeaders.firstName}
          required
          maxLength={MAX}
          value={values.firstName}
          error={errors.firstName}
          onChange={(event) => set({ firstName: event.target.value })}
        />
        <DateField
          label={messages.birthday}
          required
          labels={dateFieldLabels}
          value={values.birthday}
          error={errors.birthday}
          onChange={(birthday) => set({ birthday })}
        />
        {staff && (
          <TextField
            label={messages.consultantCgp}
            required
            maxLength={32}
            value={values.consultant}
            error={errors.consultant}
            onChange={(event) => set({ consultant: event.target.value })}
          />
        )}
        <FileField
          label={messages.ricFile}
          accept={DOCUMENT_ACCEPT}
          hint={messages.filesHint}
          value={values.ricFile}
          error={errors.ricFile}
          onChange={(ricFile) => set({ ricFile })}
        />
        <FileField
          label={messages.derFile}
          accept={DOCUMENT_ACCEPT}
          hint={messages.filesHint}
          value={values.derFile}
          error={errors.derFile}
          onChange={(derFile) => set({ derFile })}
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
