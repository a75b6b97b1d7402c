import { limits } from '@portal/api/limits';
import { Button } from '@portal/ui/button';
import { useState } from 'react';
import * as z from 'zod/mini';
import { ListScreen, urlFilter, useListScreen } from '../list-kit';
import { DeletePictureDialog } from './delete-picture-dialog';
import type { ImageBankItem } from './image-bank';
import { ImageBankGrid } from './image-bank-grid';
import { messages } from './messages';
import { PictureDialog } from './picture-dialog';
import { TitleFilter } from './title-filter';

/** The library's filter, under the `GET /image_banks` parameter name. */
const picturesFiltersSchema = z.object({ title: urlFilter.text(limits.pictureTitleFilter) });
/** The pictures come as cards, not in a grid: the URL holds the filter only. */
const NO_GRIDS = [] as const;

/**
 * /communication/pictures-library, on the list recipe: the image bank with a title filter
 * (kept in the URL), 9 images then more on scroll, add, edit and delete.
 */
export function PicturesLibraryPage() {
  const list = useListScreen({ filters: picturesFiltersSchema, grids: NO_GRIDS });
  const [editing, setEditing] = useState<{ picture: ImageBankItem | null } | null>(null);
  const [deleting, setDeleting] = useState<ImageBankItem | null>(null);

  return (
    <ListScreen
      title={messages.pageTitle}
      action={<Button onClick={() => setEditing({ picture: null })}>{messages.addImage}</Button>}
      filters={<TitleFilter list={list} />}
    >
      <ImageBankGrid
        title={list.filters.title}
        onEdit={(picture) => setEditing({ picture })}
        onDelete={setDeleting}
      />
      {editing && <PictureDialog picture={editing.picture} onDone={() => setEditing(null)} />}
      <DeletePictureDialog picture={deleting} onClose={() => setDeleting(null)} />
    </ListScreen>
  );
}
