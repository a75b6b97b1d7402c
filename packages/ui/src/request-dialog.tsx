import type { FormEvent, ReactNode } from 'react';
import { Alert } from './alert';
import { Dialog } from './dialog';
import { FormDialog } from './form-dialog';
import { RichTextEditor } from './rich-text-editor';
import { SafeHtml } from './safe-html';
import { SelectField, type SelectOption } from './select-field';
import { TextField } from './text-field';

/** What the request dialog shows and edits; `document` is the chosen option's value. */
export type RequestDialogValues = {
  title: string;
  description: string;
  document: string;
  status: string;
  comment: string;
};
export type RequestDialogField = keyof RequestDialogValues;

export type RequestDialogLabels = {
  title: string;
  description: string;
  document: string;
  chooseDocument: string;
  status: string;
  comment: string;
  save: string;
  cancel: string;
};

export type RequestDialogProps = {
  /**
   * `create`: title, description and document; `handle`: the opened request, its status and
   * comment editable; `view`: the opened request, every field disabled and no save button.
   */
  mode: 'create' | 'handle' | 'view';
  /** The dialog's title, its accessible name. */
  heading: string;
  labels: RequestDialogLabels;
  values: RequestDialogValues;
  /** A field's French message, shown beside it. */
  errors?: Partial<Record<RequestDialogField, string>>;
  /** The documents to choose from; in `handle` and `view`, the request's own. */
  documents: SelectOption[];
  /** In `create`, a picker of the caller's own in place of the list of `documents`. */
  documentPicker?: ReactNode;
  statuses: readonly string[];
  /** The comment's limit. */
  commentMax?: number;
  onChange?: (field: RequestDialogField, value: string) => void;
  /** The form's submit event, e.g. react-hook-form's `handleSubmit(save)`. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  pending?: boolean;
  /** The failed save's message, above the fields (what was typed stays). */
  failure?: ReactNode;
};

/**
 * A document modification request (spec part 2 §2): created with a title, a rich description
 * and a document (all required), then handled by staff (status, comment) or read by anyone
 * else with every field disabled. Presentational: the caller holds the values and the rules.
 */
export function RequestDialog({
  mode,
  heading,
  labels,
  values,
  errors = {},
  documents,
  documentPicker,
  statuses,
  commentMax = 255,
  onChange = () => undefined,
  onSubmit = (event) => event.preventDefault(),
  onClose,
  pending = false,
  failure,
}: RequestDialogProps) {
  const statusOptions = statuses.map((status) => ({ value: status, label: status }));
  if (mode === 'view')
    return (
      <Dialog open onClose={onClose} title={heading} closeLabel={labels.cancel}>
        <div className="space-y-3">
          <TextField label={labels.title} value={values.title} disabled readOnly />
          <div>
            <p className="text-sm font-medium">{labels.description}</p>
            <SafeHtml html={values.description} className="rounded border border-ink/10 p-2" />
          </div>
          <SelectField
            label={labels.document}
            value={values.document}
            options={documents}
            disabled
          />
          <SelectField
            label={labels.status}
            value={values.status}
            options={statusOptions}
            disabled
          />
          <TextField label={labels.comment} value={values.comment} disabled readOnly />
        </div>
      </Dialog>
    );

  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={onSubmit}
      title={heading}
      submitLabel={labels.save}
      cancelLabel={labels.cancel}
      pending={pending}
      error={failure && <Alert variant="error">{failure}</Alert>}
    >
      <TextField
        label={labels.title}
        required
        maxLength={255}
        value={values.title}
        error={errors.title}
        onChange={(event) => onChange('title', event.target.value)}
      />
      <RichTextEditor
        label={labels.description}
        required
        value={values.description}
        error={errors.description}
        onChange={(html) => onChange('description', html)}
      />
      {mode === 'create' && documentPicker ? (
        documentPicker
      ) : (
        <SelectField
          label={labels.document}
          required
          disabled={mode === 'handle'}
          placeholder={labels.chooseDocument}
          value={values.document}
          error={errors.document}
          onChange={(event) => onChange('document', event.target.value)}
          options={documents}
        />
      )}
      {mode === 'handle' && (
        <>
          <SelectField
            label={labels.status}
            value={values.status}
            onChange={(event) => onChange('status', event.target.value)}
            options={statusOptions}
          />
          <TextField
            label={labels.comment}
            maxLength={commentMax}
            value={values.comment}
            error={errors.comment}
            onChange={(event) => onChange('comment', event.target.value)}
          />
        </>
      )}
    </FormDialog>
  );
}
