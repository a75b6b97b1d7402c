import { exportColumns } from '@portal/api/generated/columns';

export { exportColumns };

/**
 * An export's columns: the contract's headers (`x-columns` of the operation, in its order; the
 * portal's grid reads the same) with how each cell reads. A key the contract declares and the
 * cells miss, or the other way round, is a type error:
 * `headed<ExportColumn<Row>>()(exportColumns.exportX, { key: { value: (row) => … } })`.
 */
export const headed =
  <Column extends { header: string }>() =>
  <Key extends string>(
    headers: Readonly<Record<Key, string>>,
    cells: Record<Key, Omit<Column, 'header'>>,
  ): Column[] =>
    (Object.keys(headers) as Key[]).map(
      (key) => ({ header: headers[key], ...cells[key] }) as Column,
    );
