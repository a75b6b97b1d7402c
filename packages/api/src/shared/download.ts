import { ApiError } from '../hydra';

/** A file the API answered: its bytes and the name its Content-Disposition gives. */
export type DownloadedFile = { blob: Blob; fileName: string | null };

/**
 * The name of an attachment: the exact UTF-8 `filename*` when present (RFC 6266), else the
 * plain `filename`; never a path.
 */
export function attachmentFileName(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  let name: string | null = null;
  if (extended) {
    try {
      name = decodeURIComponent(extended[1]!.trim());
    } catch {
      name = null;
    }
  }
  name ??= /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] ?? null;
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

/**
 * Reads a file answer to the end, reporting the bytes received so far (streamed exports have
 * no length to give a ratio). A failed answer throws its ApiError, with the French message the
 * backend sent.
 */
export async function readDownload(
  response: Response,
  onProgress?: (receivedBytes: number) => void,
): Promise<DownloadedFile> {
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new ApiError(response.status, body);
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress?.(received);
    }
  }
  return {
    blob: new Blob(chunks as BlobPart[], {
      type: response.headers.get('Content-Type') ?? 'application/octet-stream',
    }),
    fileName: attachmentFileName(response.headers.get('Content-Disposition')),
  };
}
