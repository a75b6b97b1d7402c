import { testPdf } from '@portal/test-files';
import { multipartForm } from './communication.js';

export { bombZip, handZip, mappingXlsx, type ZipPart } from '@portal/test-files';

/** A small real PDF invoice. */
export const invoicePdf = (label: string) => testPdf(`Facture ${label}`);

/** The multipart body of `POST /dispatch_invoice_request`. */
export const dispatchForm = (zip: Buffer, mapping: Buffer) =>
  multipartForm({
    invoicesFile: { data: zip, filename: 'factures.zip', type: 'application/zip' },
    mappingFile: {
      data: mapping,
      filename: 'correspondance.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
  });
