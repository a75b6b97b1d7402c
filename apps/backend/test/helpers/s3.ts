import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalS3 as startServer } from '@portal/deploy/local-s3';

export interface LocalS3 {
  bucket: string;
  endpoint: string;
  /** The backend's S3_* variables that point at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * The topology's local S3-compatible server (@portal/deploy/local-s3) with one empty bucket;
 * `close` stops it and removes its folder.
 */
export async function startLocalS3(bucket = 'portal-test'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  const server = await startServer({ directory, buckets: [bucket] });
  return {
    bucket,
    endpoint: server.endpoint,
    env: server.env(bucket),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
