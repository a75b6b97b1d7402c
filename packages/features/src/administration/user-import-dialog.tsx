import {
  downloadUserImportTemplate,
  listProfilesQuery,
  previewUserImport,
  type UserImportReport,
  useImportUsers,
} from '@portal/api/administration';
import { previewUserImportUpload } from '@portal/api/generated/uploads';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { Dialog } from '@portal/ui/dialog';
import { EXPORT_BUTTON_LABELS_FR, ExportButton } from '@portal/ui/export-button';
import { FileField } from '@portal/ui/file-field';
import { RowVerdicts } from '@portal/ui/row-verdicts';
import { showSnackbar } from '@portal/ui/snackbar';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from './messages';

const COLUMNS = [messages.email, messages.lastName, messages.firstName, messages.profile];

/**
 * 'Importer' (`users_imports`): the file is checked first and every row shown valid or with
 * its errors; nothing is written until 'Importer n utilisateurs', which creates the valid rows
 * (the server checks them again) and sends their mails to choose a password. The profiles the
 * caller may give are listed; a row of another is refused with its verdict.
 */
export function UserImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<UserImportReport | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const assignable = useQuery({ ...listProfilesQuery({ assignable: true }), enabled: open });
  const importing = useImportUsers({
    onSuccess: () => {
      showSnackbar(messages.usersImported, 'success');
      close();
    },
    onError: (failure) => setError(messages.errorPrefix + failure.message),
  });

  function close() {
    setFile(null);
    setReport(null);
    setError(null);
    onClose();
  }

  const check = async () => {
    if (!file) return;
    setChecking(true);
    setError(null);
    try {
      setReport(await previewUserImport(file));
    } catch (failure) {
      setReport(null);
      setError(messages.errorPrefix + (failure as Error).message);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => (importing.isPending ? undefined : close())}
      title={messages.importTitle}
      // The preview's six columns and their verdicts, in view at 1280 px.
      size={report ? 'wide' : 'md'}
      description={messages.importHint}
      closeLabel={messages.close}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={importing.isPending}>
            {messages.cancel}
          </Button>
          {report ? (
            <Button
              onClick={() => file && importing.mutate(file)}
              loading={importing.isPending}
              disabled={report.valid === 0}
            >
              {messages.confirmImport(report.valid)}
            </Button>
          ) : (
            <Button onClick={() => void check()} loading={checking} disabled={!file}>
              {messages.preview}
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-4">
        <ExportButton
          variant="secondary"
          size="sm"
          labels={{
            ...EXPORT_BUTTON_LABELS_FR,
            idle: messages.downloadTemplate,
            defaultFileName: 'modele_import_utilisateurs.xlsx',
          }}
          onExport={(onProgress) => downloadUserImportTemplate(onProgress)}
        />
        {assignable.data && (
          <p className="text-sm text-muted">
            {messages.assignableProfiles(
              assignable.data['hydra:member'].map((profile) => profile.title),
            )}
          </p>
        )}
        <FileField
          label={messages.importFile}
          accept={previewUserImportUpload.accept.file}
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setReport(null);
            setError(null);
          }}
        />
        {error && <Alert variant="error">{error}</Alert>}
        {report && (
          <>
            <p role="status" className="text-sm font-semibold text-ink">
              {messages.previewSummary(report.valid, report.invalid)}
            </p>
            {report.valid === 0 && <Alert variant="warning">{messages.nothingToImport}</Alert>}
            <RowVerdicts
              columns={[...COLUMNS, messages.cgpId]}
              rows={report.rows.map((row) => ({
                line: row.line,
                cells: [row.email, row.lastName, row.firstName, row.profile, row.cgpId],
                errors: row.errors,
              }))}
              labels={{
                caption: messages.previewCaption,
                line: messages.previewLine,
                verdict: messages.previewErrors,
                valid: messages.previewValid,
              }}
            />
          </>
        )}
      </div>
    </Dialog>
  );
}
