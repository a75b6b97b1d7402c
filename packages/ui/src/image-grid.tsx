import { Radio, RadioGroup } from '@headlessui/react';
import type { ReactNode } from 'react';
import { CardGrid, type CardGridProps } from './card-grid';
import { CheckIcon, PencilIcon, TrashIcon } from './glyphs';

export type ImageGridItem = {
  id: string | number;
  title: string;
  imageUrl: string;
};

type GridPassThrough = Pick<
  CardGridProps<ImageGridItem>,
  | 'hasMore'
  | 'loading'
  | 'onLoadMore'
  | 'loadMoreLabel'
  | 'loadingLabel'
  | 'endMessage'
  | 'emptyMessage'
>;

export type ImageGridProps<T extends ImageGridItem> = GridPassThrough & {
  items: readonly T[];
  /** Accessible name of the grid (and of the radio group in `select` mode). */
  label?: string;
  className?: string;
} & (
    | {
        /** Image bank page: each card has 'Modifier' and 'Supprimer'. */
        mode?: 'actions';
        onEdit?: (item: T) => void;
        onDelete?: (item: T) => void;
        editLabel?: string;
        deleteLabel?: string;
      }
    | {
        /** Image picker: the cards are radios (arrow keys move and select). */
        mode: 'select';
        value: T['id'] | null;
        onChange: (item: T) => void;
      }
  );

function ImageCardBody({ item, extra }: { item: ImageGridItem; extra?: ReactNode }) {
  return (
    <>
      <div className="aspect-[4/3] bg-canvas">
        <img src={item.imageUrl} alt="" loading="lazy" className="size-full object-cover" />
      </div>
      <div className="flex items-center gap-2 p-3">
        <span className="min-w-0 flex-1 truncate font-medium text-ink">{item.title}</span>
        {extra}
      </div>
    </>
  );
}

const cardClass =
  'relative flex w-full flex-col overflow-hidden rounded-card bg-surface text-left shadow-sm ring-1 ring-brand-100';

/** Image bank cards (title + image) on a CardGrid, with edit/delete actions or picker radios. */
export function ImageGrid<T extends ImageGridItem>(props: ImageGridProps<T>) {
  const { items, label = 'Banque d’images', className, ...rest } = props;
  const gridProps = {
    hasMore: rest.hasMore,
    loading: rest.loading,
    onLoadMore: rest.onLoadMore,
    loadMoreLabel: rest.loadMoreLabel,
    loadingLabel: rest.loadingLabel,
    endMessage: rest.endMessage,
    emptyMessage: rest.emptyMessage,
  };
  // Undefined props must not override CardGrid's French defaults.
  const definedGridProps = Object.fromEntries(
    Object.entries(gridProps).filter(([, value]) => value !== undefined),
  );

  if (props.mode === 'select') {
    const selected = items.find((item) => item.id === props.value) ?? null;
    return (
      <RadioGroup
        value={selected}
        onChange={(item: T | null) => item && props.onChange(item)}
        by="id"
        aria-label={label}
        className={className}
      >
        <CardGrid
          {...definedGridProps}
          items={items}
          getKey={(item) => item.id}
          semantics="plain"
          renderItem={(item) => (
            <Radio
              value={item}
              aria-label={item.title}
              className={`${cardClass} cursor-pointer data-checked:ring-3 data-checked:ring-brand-600 data-focus:outline-3 data-focus:outline-offset-2 data-focus:outline-brand-600`}
            >
              {({ checked }) => (
                <ImageCardBody
                  item={item}
                  extra={
                    checked && (
                      <span className="flex size-6 items-center justify-center rounded-full bg-brand-600 text-white">
                        <CheckIcon className="size-4" />
                      </span>
                    )
                  }
                />
              )}
            </Radio>
          )}
        />
      </RadioGroup>
    );
  }

  const { onEdit, onDelete, editLabel = 'Modifier', deleteLabel = 'Supprimer' } = props;
  return (
    <CardGrid
      {...definedGridProps}
      className={className}
      label={label}
      items={items}
      getKey={(item) => item.id}
      renderItem={(item) => (
        <article className={cardClass} aria-label={item.title}>
          <ImageCardBody
            item={item}
            extra={
              <>
                {onEdit && (
                  <button
                    type="button"
                    aria-label={`${editLabel} « ${item.title} »`}
                    title={editLabel}
                    onClick={() => onEdit(item)}
                    className="inline-flex size-9 items-center justify-center rounded-lg text-brand-700 hover:bg-brand-50"
                  >
                    <PencilIcon />
                  </button>
                )}
                {onDelete && (
                  <button
                    type="button"
                    aria-label={`${deleteLabel} « ${item.title} »`}
                    title={deleteLabel}
                    onClick={() => onDelete(item)}
                    className="inline-flex size-9 items-center justify-center rounded-lg text-danger hover:bg-danger-soft"
                  >
                    <TrashIcon />
                  </button>
                )}
              </>
            }
          />
        </article>
      )}
    />
  );
}
