import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials (it checks the signature, so the SDK signs as it would for AWS). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A local S3-compatible server in this process, on an ephemeral loopback port, its objects in a temporary folder,
 * with one bucket. `url` is the STORAGE_URL an app would be given.
 */
export async function startS3(bucket = 'influence-test') {
  const directory = mkdtempSync(join(tmpdir(), 'influence-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    url: `s3://${bucket}?region=us-east-1&endpoint=${encodeURIComponent(endpoint)}`,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
