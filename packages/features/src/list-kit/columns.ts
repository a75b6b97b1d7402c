import type { DataGridColumn } from '@portal/ui/data-grid';

/**
 * A grid column from its field, header, value and format, which is all most columns are; spread
 * it to add the rest (`{ ...column(…), hiddenByDefault: true }`).
 */
export const column = <Row>(
  field: string,
  header: string,
  value: DataGridColumn<Row>['value'],
  format?: DataGridColumn<Row>['format'],
): DataGridColumn<Row> => ({ field, header, value, ...(format && { format }) });

/** A column the API sorts by `field` (`order[field]`). */
export const sortableColumn = <Row>(
  ...args: Parameters<typeof column<Row>>
): DataGridColumn<Row> => ({ ...column(...args), sortable: true });
