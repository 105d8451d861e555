import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, sha256Hex, startS3Server } from '../../tests/setup/s3-server.ts';
import { createLocalStorage, createS3Storage } from './storage.ts';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A stand-in S3 endpoint that records each request and answers 200 (or 403 for a chosen key). */
const received: Received[] = [];
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body: Buffer.concat(chunks),
    });
    response.statusCode = request.url?.includes('denied') ? 403 : 200;
    response.end(request.url?.includes('denied') ? '<Error><Code>AccessDenied</Code></Error>' : '');
  });
});
let endpoint: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('S3-compatible storage', () => {
  const config = () => ({
    endpoint,
    bucket: 'jinsha',
    region: 'auto',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'secret',
    publicUrl: 'https://cdn.jinsha.example/',
  });

  it('PUTs the bytes to bucket/key with a SigV4 signature and answers the public URL', async () => {
    const url = await createS3Storage(config()).put('entry/abc.webp', new Uint8Array([1, 2, 3]), 'image/webp');
    expect(url).toBe('https://cdn.jinsha.example/entry/abc.webp');
    const request = received.at(-1);
    expect(request?.method).toBe('PUT');
    expect(request?.url).toBe('/jinsha/entry/abc.webp');
    expect([...(request?.body ?? [])]).toEqual([1, 2, 3]);
    expect(request?.headers['content-type']).toBe('image/webp');
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/auto\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/,
    );
    // The payload is signed by its hash (sha256 of [1, 2, 3]), not sent as UNSIGNED-PAYLOAD.
    expect(request?.headers['x-amz-content-sha256']).toBe(
      '039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81',
    );
  });

  it('fails loudly when the bucket refuses', async () => {
    await expect(createS3Storage(config()).put('entry/denied.webp', new Uint8Array([1]), 'image/webp')).rejects.toThrow(
      /S3 upload failed: 403/,
    );
  });

  it('refuses keys that could leave their folder', async () => {
    await expect(createS3Storage(config()).put('../x.webp', new Uint8Array([1]), 'image/webp')).rejects.toThrow(
      /unsafe/,
    );
  });
});

describe('S3-compatible storage against a real S3 server (s3rver, signatures checked)', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());
  const real = (secretAccessKey = s3.secretAccessKey) =>
    createS3Storage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: s3.region,
      accessKeyId: s3.accessKeyId,
      secretAccessKey,
    });

  it('stores the object under its key with a valid signature; anyone reads it back byte for byte from the public URL', async () => {
    const bytes = new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4, 87, 69, 66, 80]);
    const url = await real().put('entry/real1.webp', bytes, 'image/webp');
    expect(url).toBe(`${s3.endpoint}/${s3.bucket}/entry/real1.webp`);
    expect(s3.signed.at(-1)).toEqual({
      method: 'PUT',
      path: `/${s3.bucket}/entry/real1.webp`,
      payloadHash: sha256Hex(bytes),
    });
    const read = await fetch(url);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/webp');
    expect(read.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect([...new Uint8Array(await read.arrayBuffer())]).toEqual([...bytes]);
  });

  it('is refused with another secret (SignatureDoesNotMatch) and nothing is stored', async () => {
    await expect(real('not-the-secret-key').put('entry/real2.webp', new Uint8Array([1]), 'image/webp')).rejects.toThrow(
      /S3 upload failed: 403 .*SignatureDoesNotMatch/,
    );
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/entry/real2.webp`)).status).toBe(404);
  });
});

describe('local storage', () => {
  it('writes under the root and answers the /uploads URL', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'jinsha-storage-'));
    const storage = createLocalStorage(root);
    expect(await storage.put('avatar/a1.webp', new Uint8Array([9, 8]), 'image/webp')).toBe('/uploads/avatar/a1.webp');
    expect([...(await readFile(path.join(root, 'avatar/a1.webp')))]).toEqual([9, 8]);
    await expect(storage.put('avatar/../../etc.webp', new Uint8Array([1]), 'image/webp')).rejects.toThrow(/unsafe/);
  });
});
