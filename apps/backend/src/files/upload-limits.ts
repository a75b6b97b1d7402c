import { uploadLimits } from '@portal/api/generated/uploads';

/** An operation taking files (its contract gives it an `x-upload`). */
export type UploadOperation = keyof typeof uploadLimits;

/**
 * An operation's file limits as the contract declares them (`x-upload`, generated into
 * `@portal/api/generated/uploads`): the one declaration the apps' file inputs read too. A limit
 * a setting overrides (`setting: UPLOAD_MAX_BYTES`, `config.uploadMaxBytes`, whose default the
 * contract gives) is the configured one, hence `config`.
 */
export function contractUpload(
  operationId: UploadOperation,
  config?: { uploadMaxBytes: number },
): { maxFileBytes: number; maxFiles: number; types: readonly string[] } {
  const upload = uploadLimits[operationId];
  let maxFileBytes: number = upload.maxBytes;
  if ('setting' in upload) {
    if (!config) throw new Error(`${operationId}: its limit comes from ${upload.setting}`);
    maxFileBytes = config.uploadMaxBytes;
  }
  return { maxFileBytes, maxFiles: upload.maxFiles, types: upload.types };
}
