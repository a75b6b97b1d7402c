import { api } from '../client';
import { ApiError } from '../hydra';
import type { GetInit, GetPath, TrainingGetInit, TrainingGetPath } from './get-query';

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

/** What a streamed download takes besides the request: its progress and its abort signal. */
export interface DownloadOptions {
  onProgress?: (receivedBytes: number) => void;
  signal?: AbortSignal;
}

type Streamed = { response: Response };

/**
 * The one way to download a file from either API: the GET is sent with `parseAs: 'stream'`,
 * then read to the end by `readDownload()` (bytes received, the attachment's name, the
 * ApiError of a failed answer). `getDownload('/clients/export', { params: { query } }, { onProgress })`.
 */
export function getDownload<P extends GetPath>(
  path: P,
  init: GetInit<P>,
  { onProgress, signal }: DownloadOptions = {},
): Promise<DownloadedFile> {
  const get = api.main.GET as unknown as (path: P, init: object) => Promise<Streamed>;
  return streamed(get(path, { ...(init as object), parseAs: 'stream', signal }), onProgress);
}

/** `getDownload()` on the training API. */
export function getTrainingDownload<P extends TrainingGetPath>(
  path: P,
  init: TrainingGetInit<P>,
  { onProgress, signal }: DownloadOptions = {},
): Promise<DownloadedFile> {
  const get = api.training.GET as unknown as (path: P, init: object) => Promise<Streamed>;
  return streamed(get(path, { ...(init as object), parseAs: 'stream', signal }), onProgress);
}

async function streamed(
  request: Promise<Streamed>,
  onProgress?: (receivedBytes: number) => void,
): Promise<DownloadedFile> {
  const { response } = await request;
  return readDownload(response, onProgress);
}
