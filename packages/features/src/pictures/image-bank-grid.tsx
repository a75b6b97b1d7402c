import { Alert } from '@portal/ui/alert';
import { ImageGrid } from '@portal/ui/image-grid';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type ImageBankGridItem, type ImageBankItem, toGridItem } from './image-bank';
import { imageBankPagesQuery } from './image-bank';
import { messages } from './messages';

export type ImageBankGridProps = {
  /** Title filter (empty: every image). */
  title: string;
  label?: string;
  className?: string;
} & (
  | {
      /** Pictures library: 'Modifier' and 'Supprimer' on each card. */
      mode?: 'actions';
      onEdit?: (item: ImageBankItem) => void;
      onDelete?: (item: ImageBankItem) => void;
    }
  | {
      /** Picker: the cards are radios. */
      mode: 'select';
      value: number | null;
      onChange: (item: ImageBankItem) => void;
    }
);

/**
 * The image bank as a card grid, 9 images at a time, more as the user scrolls. Used by the
 * pictures library (edit/delete) and by the image picker of the news form (select).
 */
export function ImageBankGrid(props: ImageBankGridProps) {
  const { title, label = messages.gridLabel, className } = props;
  const query = useInfiniteQuery(imageBankPagesQuery(title));
  const items = useMemo(
    () => query.data?.pages.flatMap((page) => page['hydra:member'].map(toGridItem)) ?? [],
    [query.data],
  );
  const grid = {
    items,
    label,
    className,
    hasMore: query.hasNextPage,
    loading: query.isPending || query.isFetchingNextPage,
    onLoadMore: () => void query.fetchNextPage(),
    endMessage: messages.endOfList,
    emptyMessage: messages.empty,
    loadMoreLabel: messages.loadMore,
    loadingLabel: messages.loading,
  };

  return (
    <>
      {query.isError && (
        <Alert variant="error" className="mb-4">
          {messages.errorPrefix + query.error.message}
        </Alert>
      )}
      {props.mode === 'select' ? (
        <ImageGrid<ImageBankGridItem>
          {...grid}
          mode="select"
          value={props.value}
          onChange={(item) => props.onChange(item.source)}
        />
      ) : (
        <ImageGrid<ImageBankGridItem>
          {...grid}
          mode="actions"
          onEdit={props.onEdit && ((item) => props.onEdit?.(item.source))}
          onDelete={props.onDelete && ((item) => props.onDelete?.(item.source))}
        />
      )}
    </>
  );
}
