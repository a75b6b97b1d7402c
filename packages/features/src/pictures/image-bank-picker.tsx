import { Button } from '@portal/ui/button';
import { Dialog } from '@portal/ui/dialog';
import { useId, useState } from 'react';
import { type ImageBankItem, mediaUrl } from './image-bank';
import { ImageBankGrid } from './image-bank-grid';
import { messages } from './messages';
import { type TitleFilters, TitleFilter } from './title-filter';

/** The picker's filter is its dialog's, not the URL's (the page behind has its own). */
const NO_FILTER: TitleFilters = { title: '' };

export type ImageBankPickerDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The image chosen so far (pre-selected in the grid). */
  value: ImageBankItem | null;
  /** 'Sélectionner': the chosen image; the dialog closes. */
  onSelect: (item: ImageBankItem) => void;
  title?: string;
};

/** Dialog choosing one image of the bank: title filter, grid of radios 9 at a time. */
export function ImageBankPickerDialog({
  open,
  onClose,
  value,
  onSelect,
  title = messages.pickerTitle,
}: ImageBankPickerDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      {/* Mounted only while open, so each opening starts from the current value. */}
      {open && <PickerBody value={value} onSelect={onSelect} onClose={onClose} />}
    </Dialog>
  );
}

function PickerBody({
  value,
  onSelect,
  onClose,
}: Pick<ImageBankPickerDialogProps, 'value' | 'onSelect' | 'onClose'>) {
  const [filters, setFilters] = useState(NO_FILTER);
  const [chosen, setChosen] = useState<ImageBankItem | null>(value);

  return (
    <div className="flex flex-col gap-4">
      <TitleFilter
        list={{
          filters,
          defaults: NO_FILTER,
          apply: (next) => setFilters({ title: (next.title ?? filters.title).trim() }),
          reset: () => setFilters(NO_FILTER),
        }}
        className="flex flex-col gap-3 md:flex-row md:items-end"
      />
      <div className="max-h-[50vh] overflow-y-auto p-1">
        <ImageBankGrid
          title={filters.title}
          mode="select"
          value={chosen?.id ?? null}
          onChange={setChosen}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {messages.cancel}
        </Button>
        <Button
          disabled={!chosen}
          onClick={() => {
            if (chosen) onSelect(chosen);
            onClose();
          }}
        >
          {messages.pickerSelect}
        </Button>
      </div>
    </div>
  );
}

export type ImageBankPickerProps = {
  /** The chosen image bank entry (the news form sends its `@id` or id). */
  value: ImageBankItem | null;
  onChange: (item: ImageBankItem | null) => void;
  label?: string;
  required?: boolean;
  /** Validation message from the form, e.g. 'Une image est requise.'. */
  error?: string;
  disabled?: boolean;
  className?: string;
};

/**
 * Form field choosing an image from the image bank: the current image, and a button opening
 * the picker dialog (the same grid as the pictures library, in select mode).
 */
export function ImageBankPicker({
  value,
  onChange,
  label = messages.pickerLabel,
  required,
  error,
  disabled,
  className = '',
}: ImageBankPickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const src = mediaUrl(value?.mediaObject?.contentUrl);

  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={error ? `${id}-error` : undefined}
      className={`flex flex-col gap-1 ${className}`}
    >
      <div className="flex gap-0.5 text-sm font-medium">
        <span id={`${id}-label`} className="text-ink">
          {label}
        </span>
        {required && (
          <span className="text-danger" aria-hidden="true">
            *
          </span>
        )}
      </div>
      <div
        className={`flex flex-col gap-3 rounded-card border p-3 sm:flex-row sm:items-center ${
          error ? 'border-danger' : 'border-muted'
        }`}
      >
        {value ? (
          <figure className="flex min-w-0 flex-1 items-center gap-3">
            {src && <img src={src} alt="" className="h-20 w-28 rounded-lg object-cover" />}
            <figcaption className="truncate text-sm font-medium text-ink">{value.title}</figcaption>
          </figure>
        ) : (
          <p className="flex-1 text-sm text-muted">{messages.pickerNone}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={disabled} onClick={() => setOpen(true)}>
            {value ? messages.pickerChange : messages.pickerChoose}
          </Button>
          {value && !required && (
            <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onChange(null)}>
              {messages.pickerRemove}
            </Button>
          )}
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <ImageBankPickerDialog
        open={open}
        onClose={() => setOpen(false)}
        value={value}
        onSelect={onChange}
      />
    </div>
  );
}
