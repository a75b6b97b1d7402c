import S3rver from '@20minutes/s3rver';

/** s3rver checks request signatures against these fixed credentials. */
const S3RVER_KEY = 'S3RVER';

/**
 * A local S3-compatible server (s3rver, pure JavaScript, its objects in `directory`) with
 * `buckets`, on a free loopback port: the topology's store and the backend tests'.
 * @param {{ directory: string, buckets: string[] }} options
 */
export async function startLocalS3({ directory, buckets }) {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    // s3rver signs bucket-level requests over `/bucket` where the AWS SDK now signs `/bucket/`
    // (path style), so every ListObjectsV2 would fail with SignatureDoesNotMatch. Object
    // requests sign alike; what runs on it is about storage, not SigV4, which real S3 checks.
    allowMismatchedSignatures: true,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    /** The backend's S3_* variables that point at `bucket` on this server. */
    env: (bucket) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    }),
    close: () => server.close(),
  };
}
