import { zodResolver } from '@hookform/resolvers/zod';
import {
  createImageBank,
  createMediaObject,
  type MediaObject,
  updateImageBank,
  useSaveImageBank,
} from '@portal/api/pictures';
import { Alert } from '@portal/ui/alert';
import { FormDialog } from '@portal/ui/form-dialog';
import { formatFileSize } from '@portal/ui/format';
import { ImageDropzone } from '@portal/ui/image-dropzone';
import { showSnackbar } from '@portal/ui/snackbar';
import { TextField } from '@portal/ui/text-field';
import { useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  IMAGE_ACCEPT,
  IMAGE_MAX_SIZE,
  type ImageBankItem,
  isRealImage,
  mediaUrl,
} from './image-bank';
import { messages } from './messages';
import { type PictureValues, pictureSchema } from './schemas';

const maxSizeLabel = formatFileSize(IMAGE_MAX_SIZE);

/** 'Ajouter une image' / 'Modifier l’image': title and file, uploaded then saved. Mount it to open it. */
export function PictureDialog({
  picture,
  onDone,
}: {
  /** The picture to change; null to create one. */
  picture: ImageBankItem | null;
  onDone: () => void;
}) {
  const formId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A file already uploaded is not sent again when only the second call failed.
  const uploaded = useRef<{ file: File; media: MediaObject } | null>(null);
  const form = useForm<PictureValues>({
    resolver: zodResolver(pictureSchema),
    defaultValues: {
      title: picture?.title ?? '',
      file: null,
      existingUrl: picture?.mediaObject?.contentUrl ?? null,
    },
  });
  const { errors } = form.formState;

  const save = useSaveImageBank(
    async ({ title, file }: PictureValues) => {
      let media: MediaObject | undefined;
      if (file) {
        if (uploaded.current?.file === file) {
          media = uploaded.current.media;
        } else {
          setProgress(0);
          media = await createMediaObject(file, (ratio) => setProgress(Math.round(ratio * 100)));
          uploaded.current = { file, media };
        }
      }
      const trimmed = title.trim();
      if (picture) return updateImageBank(picture.id, { title: trimmed, media });
      return createImageBank(trimmed, media!);
    },
    {
      onSuccess: () => {
        showSnackbar(picture ? messages.updated : messages.created, 'success');
        onDone();
      },
      onError: (error) => setFailure(messages.errorPrefix + error.message),
      onSettled: () => setProgress(null),
    },
  );

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate(values);
  });

  return (
    <FormDialog
      open
      onClose={onDone}
      onSubmit={(event) => void onSubmit(event)}
      title={picture ? messages.editTitle : messages.addTitle}
      submitLabel={messages.save}
      cancelLabel={messages.cancel}
      pending={save.isPending}
    >
      <TextField
        label={messages.title}
        required
        autoComplete="off"
        error={errors.title?.message}
        {...form.register('title')}
      />
      <Controller
        control={form.control}
        name="file"
        render={({ field }) => (
          <ImageDropzone
            label={messages.image}
            required
            value={field.value}
            previewUrl={picture ? mediaUrl(picture.mediaObject?.contentUrl) : null}
            accept={IMAGE_ACCEPT}
            maxSize={IMAGE_MAX_SIZE}
            error={errors.file?.message}
            labels={{
              tooLarge: messages.tooLarge,
              type: messages.badType,
              hint: messages.hint(maxSizeLabel),
            }}
            onChange={async (file) => {
              if (file && !(await isRealImage(file))) {
                field.onChange(null);
                form.setError('file', { message: messages.badType });
                return;
              }
              form.clearErrors('file');
              field.onChange(file);
            }}
          />
        )}
      />
      {progress !== null && (
        <div className="flex flex-col gap-1 text-sm text-muted">
          <label htmlFor={`${formId}-progress`}>{messages.uploading(progress)}</label>
          <progress id={`${formId}-progress`} max={100} value={progress} className="w-full" />
        </div>
      )}
      {failure && <Alert variant="error">{failure}</Alert>}
    </FormDialog>
  );
}
