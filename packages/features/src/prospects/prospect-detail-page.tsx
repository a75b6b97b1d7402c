import { addProspectFileUpload } from '@portal/api/generated/uploads';
import {
  downloadProspectFile,
  getProspectQuery,
  type Prospect,
  type ProspectFile,
  type ProspectFileKind,
  prospectHeaders,
  useAddProspectFile,
} from '@portal/api/prospects';
import { Gate } from '@portal/auth';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { DocumentList, type ListedDocument } from '@portal/ui/document-list';
import { saveFile } from '@portal/ui/export-button';
import { FileField } from '@portal/ui/file-field';
import { formatDate } from '@portal/ui/format';
import { SelectField } from '@portal/ui/select-field';
import { showSnackbar } from '@portal/ui/snackbar';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { BackLink, RecordFact, RecordFrame, RecordHeader } from '../list-kit';
import { agentPaths } from '../paths';
import { staffPaths } from '../paths/staff';
import { TitledSection } from '../common';
import { messages } from './messages';
import type { ProspectScope } from './prospects-page';

const listed = (files: ProspectFile[]): ListedDocument[] =>
  files.map((file) => ({ id: file.filePath, name: file.displayName, addedAt: file.createdAt }));

/**
 * /prospects/{id} (`prospects_detail_page`): the prospect's identity, his RIC, DER and other
 * documents to download, and the upload of more (`prospects_edit`).
 */
export function ProspectDetailPage({ id, scope }: { id: string; scope: ProspectScope }) {
  const prospectId = Number(id);
  const valid = Number.isInteger(prospectId) && prospectId > 0;
  const prospect = useQuery({ ...getProspectQuery(prospectId), enabled: valid });
  return (
    <RecordFrame
      back={
        <BackLink
          fallback={scope === 'mine' ? agentPaths.prospects : staffPaths.prospects}
          label={messages.back}
        />
      }
      record={prospect}
      valid={valid}
      notFound={messages.notFound}
    >
      {(data) => <ProspectRecord prospect={data} />}
    </RecordFrame>
  );
}

function ProspectRecord({ prospect }: { prospect: Prospect }) {
  const [downloading, setDownloading] = useState<ListedDocument['id'] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async (document: ListedDocument) => {
    setFailure(null);
    setDownloading(document.id);
    try {
      saveFile(await downloadProspectFile(String(document.id)), document.name);
    } catch (error) {
      setFailure(messages.errorPrefix + (error as Error).message);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <>
      <RecordHeader title={`${prospect.lastName} ${prospect.firstName}`} />
      <TitledSection
        id="prospect-identity"
        title={messages.identity}
        titleClassName="mb-4 text-lg font-semibold text-ink"
        className="rounded-card bg-surface p-6 shadow-sm"
      >
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <RecordFact label={prospectHeaders.lastName}>{prospect.lastName}</RecordFact>
          <RecordFact label={prospectHeaders.firstName}>{prospect.firstName}</RecordFact>
          <RecordFact label={prospectHeaders.birthday}>{formatDate(prospect.birthday)}</RecordFact>
          <RecordFact label={prospectHeaders.consultant}>
            {prospect.consultant.fullName} ({prospect.consultant.idCgp})
          </RecordFact>
        </dl>
      </TitledSection>
      <TitledSection id="prospect-documents" title={messages.documents} className="space-y-4">
        {failure && <Alert variant="error">{failure}</Alert>}
        <DocumentList
          groups={[
            { title: messages.ric, documents: listed(prospect.ricCollection) },
            { title: messages.der, documents: listed(prospect.derCollection) },
            { title: messages.other, documents: listed(prospect.otherCollection) },
          ]}
          labels={{
            empty: messages.noDocument,
            download: messages.download,
            addedOn: messages.addedOn,
          }}
          downloading={downloading}
          onDownload={(document) => void download(document)}
        />
        <Gate component="prospects_edit">
          <UploadForm prospectId={prospect.id} />
        </Gate>
      </TitledSection>
    </>
  );
}

function UploadForm({ prospectId }: { prospectId: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<ProspectFileKind>('OTHER');
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useAddProspectFile({
    onSuccess: () => {
      showSnackbar(messages.fileImported, 'success');
      setFile(null);
    },
    onError: (error) => setFailure(messages.errorPrefix + error.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (file) upload.mutate({ id: prospectId, file, kind });
  };
  return (
    <form
      onSubmit={submit}
      aria-labelledby="prospect-upload"
      className="space-y-4 rounded-card bg-surface p-6 shadow-sm"
    >
      <h3 id="prospect-upload" className="text-base font-semibold text-ink">
        {messages.uploadTitle}
      </h3>
      {failure && <Alert variant="error">{failure}</Alert>}
      <div className="flex flex-wrap items-end gap-4">
        <SelectField
          label={messages.kind}
          options={[...messages.kinds]}
          value={kind}
          onChange={(event) => setKind(event.target.value as ProspectFileKind)}
        />
        <FileField
          label={messages.uploadFile}
          accept={addProspectFileUpload.accept.file}
          hint={messages.filesHint}
          value={file}
          onChange={setFile}
        />
        <Button type="submit" loading={upload.isPending} disabled={!file}>
          {messages.upload}
        </Button>
      </div>
    </form>
  );
}
