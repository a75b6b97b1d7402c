import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';

/** s3rver checks request signatures against these fixed credentials. */
const S3RVER_KEY = 'S3RVER';

export interface LocalS3 {
  bucket: string;
  endpoint: string;
  /** The backend's S3_* variables that point at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, pure JavaScript, objects in a temporary folder) with
 * one empty bucket, on a free loopback port; `close` stops it and removes its folder.
 */
export async function startLocalS3(bucket = 'portal-test'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    // s3rver signs bucket-level requests over `/bucket` where the AWS SDK now signs `/bucket/`
    // (path style), so every ListObjectsV2 would fail with SignatureDoesNotMatch. Object
    // requests sign alike; these tests are about storage, not SigV4, which real S3 checks.
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
