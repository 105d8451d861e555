import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(request?.headers['x-amz-content-sha256']).toMatch(/^(UNSIGNED-PAYLOAD|[0-9a-f]{64})$/);
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

describe('local storage', () => {
  it('writes under the root and answers the /uploads URL', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'jinsha-storage-'));
    const storage = createLocalStorage(root);
    expect(await storage.put('avatar/a1.webp', new Uint8Array([9, 8]), 'image/webp')).toBe('/uploads/avatar/a1.webp');
    expect([...(await readFile(path.join(root, 'avatar/a1.webp')))]).toEqual([9, 8]);
    await expect(storage.put('avatar/../../etc.webp', new Uint8Array([1]), 'image/webp')).rejects.toThrow(/unsafe/);
  });
});
