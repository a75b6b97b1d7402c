import {
  EXPORT_BUTTON_LABELS_FR,
  ExportButton,
  type ExportButtonProps,
} from '@portal/ui/export-button';

/** A screen's exports side by side, each its label and its download. */
export function ExportButtons({
  exports,
}: {
  exports: readonly (readonly [label: string, run: ExportButtonProps['onExport']])[];
}) {
  return exports.map(([idle, run]) => (
    <ExportButton key={idle} labels={{ ...EXPORT_BUTTON_LABELS_FR, idle }} onExport={run} />
  ));
}
