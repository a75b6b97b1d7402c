import { useDeleteMediaObject } from '@portal/api/pictures';
import { Alert } from '@portal/ui/alert';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { showSnackbar } from '@portal/ui/snackbar';
import { useState } from 'react';
import { type ImageBankItem, mediaObjectId } from './image-bank';
import { messages } from './messages';

/** Confirms a picture's deletion, warning that one attached to a news item cannot go. */
export function DeletePictureDialog({
  picture,
  onClose,
}: {
  picture: ImageBankItem | null;
  onClose: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useDeleteMediaObject({
    onSuccess: () => {
      showSnackbar(messages.deleted, 'success');
      close();
    },
    onError: (error) => setFailure(messages.errorPrefix + error.message),
  });
  const close = () => {
    setFailure(null);
    remove.reset();
    onClose();
  };

  return (
    <ConfirmDialog
      open={picture !== null}
      onClose={close}
      title={messages.deleteTitle}
      message={picture ? messages.deleteQuestion(picture.title) : undefined}
      confirmLabel={messages.delete}
      cancelLabel={messages.cancel}
      destructive
      pending={remove.isPending}
      onConfirm={() => {
        setFailure(null);
        if (!picture) return;
        const id = mediaObjectId(picture);
        if (id === null) setFailure(messages.errorPrefix + messages.imageRequired);
        else remove.mutate(id);
      }}
      error={
        <div className="flex flex-col gap-3">
          <Alert variant="warning">{messages.deleteWarning}</Alert>
          {failure && <Alert variant="error">{failure}</Alert>}
        </div>
      }
    />
  );
}
