import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A local S3-compatible server for tests: s3rver (npm) keeps the objects on disk and speaks the S3
 * protocol (path-style buckets, PUT/GET/HEAD with their headers). s3rver accepts any Signature
 * Version 4 whose access key it knows without checking it, so a middleware in front of its routes
 * checks every signed request the way S3 does: canonical request, string to sign, the signing key
 * derived from the secret, and the clock within 15 minutes. A request signed with another secret,
 * or changed after signing, gets 403 SignatureDoesNotMatch. Unsigned GETs and HEADs (the public
 * reads a CDN or browser makes) pass.
 */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Each request whose signature was checked: method, path and the payload hash it signed. */
  signed: Array<{ method: string; path: string; payloadHash: string }>;
  close(): Promise<void>;
}

/** s3rver knows one account; its key id must be this one (the secret is ours). */
const ACCESS_KEY_ID = 'S3RVER';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it for query keys and values. */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Checks an Authorization: AWS4-HMAC-SHA256 header; answers why not, or null when it is right. */
export function sigV4Problem(request: IncomingMessage, region: string, secretAccessKey: string): string | null {
  const authorization = request.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return 'malformed Authorization header';
  const [, keyId, day, signedRegion, service, signedHeaders, signature] = match;
  if (keyId !== ACCESS_KEY_ID) return 'unknown access key';
  if (signedRegion !== region || service !== 's3') return 'wrong scope';
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== day) return 'bad x-amz-date';
  const signedAt = Date.parse(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  if (Math.abs(Date.now() - signedAt) > 15 * 60_000) return 'request time too skewed';
  const headerNames = signedHeaders.split(';');
  if (!headerNames.includes('host') || !headerNames.includes('x-amz-content-sha256'))
    return 'host or payload hash unsigned';
  const url = new URL(request.url ?? '/', 'http://s3.invalid');
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)])
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : 1) : ak < bk ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalHeaders = headerNames
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  const canonicalRequest = [request.method, url.pathname, query, canonicalHeaders, signedHeaders, payloadHash].join(
    '\n',
  );
  const scope = `${day}/${signedRegion}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), signedRegion), service), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return expected === signature ? null : 'signature does not match';
}

/** What the middleware uses of Koa's context. */
interface KoaContext {
  req: IncomingMessage;
  status: number;
  type: string;
  body: unknown;
}

export async function startS3Server(
  options: { bucket?: string; region?: string; secretAccessKey?: string } = {},
): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'jinsha';
  const region = options.region ?? 'us-east-1';
  const secretAccessKey = options.secretAccessKey ?? 'jinsha-test-secret-access-key';
  const directory = mkdtempSync(path.join(os.tmpdir(), 'jinsha-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const signed: S3TestServer['signed'] = [];
  // Before s3rver's own middleware (S3rver is a Koa app, which composes them when it starts listening).
  const koa = server as unknown as { middleware: Array<(ctx: KoaContext, next: () => Promise<void>) => Promise<void>> };
  koa.middleware.unshift(async (ctx, next) => {
    const request = ctx.req;
    const anonymousRead = !request.headers.authorization && (request.method === 'GET' || request.method === 'HEAD');
    if (!anonymousRead) {
      const problem = sigV4Problem(request, region, secretAccessKey);
      if (problem) {
        ctx.status = 403;
        ctx.type = 'application/xml';
        ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`;
        return;
      }
      signed.push({
        method: request.method ?? '',
        path: new URL(request.url ?? '/', 'http://s3.invalid').pathname,
        payloadHash: String(request.headers['x-amz-content-sha256']),
      });
    }
    await next();
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey,
    signed,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The sha256 of bytes as hex, to compare an object with the payload hash its upload signed. */
export function sha256Hex(bytes: Uint8Array): string {
  return sha256(Buffer.from(bytes));
}
