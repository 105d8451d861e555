import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { uploads } from '@db/schema/index.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { type TestApp, createTestApp, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { detectImageFormat } from '../../adapters/images.ts';
import { TOO_FREQUENT } from '../verification/verification.service.ts';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE } from './uploads.service.ts';

let database: Database;
let app: TestApp;
let cookie: string;

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  cookie = await signIn(app, await createUser(database.db));
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1e80ff' } })
    .png()
    .toBuffer();

/** A 24-bit (or 8-bit palette) Windows bitmap, bottom-up, built by hand: what Paint saves. */
function bmp(width: number, height: number, options: { bpp?: 24 | 8 | 32; rgb?: [number, number, number] } = {}) {
  const bpp = options.bpp ?? 24;
  const [r, g, b] = options.rgb ?? [0x1e, 0x80, 0xff];
  const paletteBytes = bpp === 8 ? 256 * 4 : 0;
  const rowBytes = Math.ceil((width * bpp) / 32) * 4;
  const offset = 14 + 40 + paletteBytes;
  const file = Buffer.alloc(offset + rowBytes * height);
  file.write('BM', 0, 'ascii');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(offset, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(bpp, 28);
  file.writeUInt32LE(0, 30);
  if (bpp === 8) {
    file.writeUInt32LE(256, 46);
    file.writeUInt8(b, 54 + 7 * 4);
    file.writeUInt8(g, 54 + 7 * 4 + 1);
    file.writeUInt8(r, 54 + 7 * 4 + 2);
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = offset + y * rowBytes + x * (bpp / 8);
      if (bpp === 8) file.writeUInt8(7, at);
      else {
        file.writeUInt8(b, at);
        file.writeUInt8(g, at + 1);
        file.writeUInt8(r, at + 2);
      }
    }
  }
  return file;
}

async function upload(bytes: Uint8Array, purpose = 'entry', name = 'a.png', headers: HeadersInit = { cookie }) {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
  form.set('purpose', purpose);
  const response = await app.request('/api/upload/image', { method: 'POST', body: form, headers });
  return {
    status: response.status,
    body: (await response.json()) as { s: number; m: string; d: { id: string; url: string; width: number } },
  };
}

describe('POST /api/upload/image', () => {
  it('stores a png as webp, records it and serves it back from /uploads', async () => {
    const { status, body } = await upload(await png(2000, 100));
    expect(status).toBe(200);
    expect(body.d.url).toMatch(/^\/uploads\/entry\/[0-9a-f]{24}\.webp$/);
    expect(body.d.width).toBe(1600);
    const [row] = await database.db.select().from(uploads).where(eq(uploads.id, body.d.id));
    expect(row?.mime).toBe('image/webp');
    const served = await app.request(body.d.url);
    expect(served.status).toBe(200);
    expect(detectImageFormat(new Uint8Array(await served.arrayBuffer()))).toBe('webp');
    // Served with the security headers: never sniffed as something else, never framed, never run.
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('x-frame-options')).toBe('DENY');
    expect(served.headers.get('content-security-policy')).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
    );
  });

  it('squares avatars to 256 px', async () => {
    const { body } = await upload(await png(600, 400), 'avatar');
    expect(body.d.width).toBe(256);
  });

  it('judges the file by its signature, not its name', async () => {
    const script = new TextEncoder().encode('<script>alert(1)</script>');
    const { status, body } = await upload(script, 'entry', 'evil.png');
    expect(status).toBe(400);
    expect(body.m).toBe('不支持此文件格式');
  });

  it('decodes BMP (24-bit, 8-bit palette, 32-bit) into webp with its colours', async () => {
    for (const bpp of [24, 8, 32] as const) {
      const { status, body } = await upload(bmp(30, 20, { bpp }), 'entry', 'a.bmp');
      expect(status, `${bpp}: ${JSON.stringify(body)}`).toBe(200);
      expect(body.d.url).toMatch(/\.webp$/);
      expect(body.d.width).toBe(30);
      const served = new Uint8Array(await (await app.request(body.d.url)).arrayBuffer());
      const { data, info } = await sharp(served).raw().toBuffer({ resolveWithObject: true });
      expect(info.height).toBe(20);
      const [r, g, b] = [data[0], data[1], data[2]];
      expect(Math.abs(r - 0x1e) + Math.abs(g - 0x80) + Math.abs(b - 0xff), `${bpp}: ${r},${g},${b}`).toBeLessThan(24);
    }
    const avatar = await upload(bmp(300, 200), 'avatar', 'face.bmp');
    expect(avatar.status).toBe(200);
    expect(avatar.body.d.width).toBe(256);
  });

  it('refuses a broken or oversized BMP with the spec’s words', async () => {
    const truncated = bmp(30, 20).subarray(0, 200);
    expect((await upload(truncated, 'entry', 'a.bmp')).body.m).toBe('不支持此文件格式');
    const huge = bmp(1, 1);
    huge.writeInt32LE(6000, 18);
    huge.writeInt32LE(6000, 22);
    const refused = await upload(huge, 'entry', 'a.bmp');
    expect(refused.status).toBe(400);
    expect(refused.body.m).toBe(IMAGE_TOO_LARGE);
    // Collections take jpg and png only (SPEC §5).
    expect((await upload(bmp(30, 20), 'collection', 'a.bmp')).body.m).toBe('不支持此文件格式');
  });

  it('refuses gif backgrounds for collections (jpg and png only)', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(gif, 'collection')).body.m).toBe('不支持此文件格式');
  });

  it('refuses files over 1 MB with 文件过大', async () => {
    const big = new Uint8Array(1_048_577);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const { status, body } = await upload(big);
    expect(status).toBe(400);
    expect(body.m).toBe('文件过大');
  });

  it('needs a signed-in person', async () => {
    const { status } = await upload(await png(10, 10), 'entry', 'a.png', {});
    expect(status).toBe(401);
  });

  it('refuses an image that decodes to more than 25 million pixels, from its header, without decoding it', async () => {
    // 6000 × 6000 of one colour: a few kilobytes of PNG that would decode to 108 MB.
    const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(IMAGE_MAX_BYTES);
    const started = performance.now();
    const { status, body } = await upload(bomb);
    const ms = performance.now() - started;
    expect(status).toBe(400);
    expect(body.m).toBe(IMAGE_TOO_LARGE);
    expect(ms).toBeLessThan(1000);
    // Just under the cap is still an image we take.
    expect((await upload(await png(5000, 5000))).status).toBe(200);
  });
});

describe('uploads per person', () => {
  it('over UPLOAD_MAX_PER_USER_HOUR answers 429 before the form is read; other people are not affected', async () => {
    const limited = createTestApp(database, { UPLOAD_MAX_PER_USER_HOUR: '2' });
    const send = async (who: string) => {
      const form = new FormData();
      form.set('file', new File([new Uint8Array(await png(10, 10))], 'a.png', { type: 'image/png' }));
      const response = await limited.request('/api/upload/image', {
        method: 'POST',
        body: form,
        headers: { cookie: who },
      });
      return { status: response.status, body: (await response.json()) as { m: string } };
    };
    const me = await signIn(limited, await createUser(database.db));
    expect((await send(me)).status).toBe(200);
    expect((await send(me)).status).toBe(200);
    expect(await send(me)).toEqual({ status: 429, body: expect.objectContaining({ m: TOO_FREQUENT }) });
    const someoneElse = await signIn(limited, await createUser(database.db));
    expect((await send(someoneElse)).status).toBe(200);
  });
});
