import { AwsClient } from 'aws4fetch';
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOADS_PATH } from '@core/user-urls.ts';

/** Where uploaded files live. Local disk by default (served at /uploads/*); S3-compatible when S3_* is set. */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under `key` (e.g. avatars/ab12….webp) and returns the public URL. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
}

/** Keys are ours (ids and fixed folders), never user input; this guards the disk adapter anyway. */
function assertSafeKey(key: string) {
  if (!/^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/i.test(key) || key.includes('..')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

/** Where local uploads are served; user content may point images only here or at other sites (core/user-urls.ts). */
export const LOCAL_UPLOADS_PATH = UPLOADS_PATH;

export function createLocalStorage(rootDir: string): Storage & { read(key: string): Promise<Buffer | null> } {
  return {
    kind: 'local',
    async put(key, bytes) {
      assertSafeKey(key);
      const file = path.join(rootDir, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      return `${LOCAL_UPLOADS_PATH}/${key}`;
    },
    async read(key) {
      assertSafeKey(key);
      return readFile(path.join(rootDir, key)).catch(() => null);
    },
  };
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The public base URL of the bucket (CDN); defaults to endpoint/bucket. */
  publicUrl?: string;
}

export function createS3Storage(config: S3Config): Storage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
  });
  const base = `${config.endpoint.replace(/\/$/, '')}/${config.bucket}`;
  const publicBase = (config.publicUrl ?? base).replace(/\/$/, '');
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      const response = await client.fetch(`${base}/${key}`, {
        method: 'PUT',
        body: new Blob([new Uint8Array(bytes)]),
        headers: {
          'content-type': contentType,
          'cache-control': 'public, max-age=31536000, immutable',
          // The body's hash is signed too (aws4fetch would send UNSIGNED-PAYLOAD): the bucket
          // refuses bytes changed on the way, also over a plain-http endpoint on the LAN.
          'x-amz-content-sha256': createHash('sha256').update(bytes).digest('hex'),
        },
      });
      if (!response.ok) throw new Error(`S3 upload failed: ${response.status} ${await response.text()}`);
      return `${publicBase}/${key}`;
    },
  };
}
