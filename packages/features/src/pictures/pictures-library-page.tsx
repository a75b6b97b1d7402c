import { Button } from '@portal/ui/button';
import { useState } from 'react';
import * as z from 'zod/mini';
import { ListPage, TextFilter, urlFilter, useUrlFilters } from '../list-kit';
import { DeletePictureDialog } from './delete-picture-dialog';
import type { ImageBankItem } from './image-bank';
import { ImageBankGrid } from './image-bank-grid';
import { messages } from './messages';
import { PictureDialog } from './picture-dialog';

/** The library's filter, under the `GET /image_banks` parameter name. */
const picturesFiltersSchema = z.object({ title: urlFilter.text() });

/**
 * /communication/pictures-library: the image bank with a title filter (kept in the URL),
 * 9 images then more on scroll, add, edit and delete.
 */
export function PicturesLibraryPage() {
  const { filters, apply } = useUrlFilters(picturesFiltersSchema);
  const { title } = filters;
  const [editing, setEditing] = useState<{ picture: ImageBankItem | null } | null>(null);
  const [deleting, setDeleting] = useState<ImageBankItem | null>(null);

  return (
    <ListPage
      title={messages.pageTitle}
      action={<Button onClick={() => setEditing({ picture: null })}>{messages.addImage}</Button>}
    >
      <TextFilter
        label={messages.filters}
        fieldLabel={messages.titleFilter}
        name="title"
        value={title}
        onApply={(next) => apply({ title: next })}
      />
      <ImageBankGrid
        title={title}
        onEdit={(picture) => setEditing({ picture })}
        onDelete={setDeleting}
      />
      {editing && <PictureDialog picture={editing.picture} onDone={() => setEditing(null)} />}
      <DeletePictureDialog picture={deleting} onClose={() => setDeleting(null)} />
    </ListPage>
  );
}
