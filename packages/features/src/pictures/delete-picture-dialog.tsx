import { useDeleteMediaObject } from '@portal/api/pictures';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { Dialog } from '@portal/ui/dialog';
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
    <Dialog
      open={picture !== null}
      onClose={close}
      title={messages.deleteTitle}
      description={picture ? messages.deleteQuestion(picture.title) : undefined}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            {messages.cancel}
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => {
              setFailure(null);
              if (!picture) return;
              const id = mediaObjectId(picture);
              if (id === null) setFailure(messages.errorPrefix + messages.imageRequired);
              else remove.mutate(id);
            }}
          >
            {messages.delete}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <Alert variant="warning">{messages.deleteWarning}</Alert>
        {failure && <Alert variant="error">{failure}</Alert>}
      </div>
    </Dialog>
  );
}
