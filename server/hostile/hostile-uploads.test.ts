import sharp from 'sharp';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { createUser } from '../../tests/factories/users.ts';
import { createTestDatabase } from '../../tests/setup/test-db.ts';
import { type TestApp, createTestApp, signIn } from '../../tests/setup/test-app.ts';
import { detectImageFormat } from '../adapters/images.ts';
import { IMAGE_TOO_LARGE, UNSUPPORTED_FORMAT } from '../modules/uploads/uploads.service.ts';

/**
 * The hostile-input suite, part 3: files that are two things at once (an image and an archive, a
 * page or a script) and files that decode to far more than they weigh. Whatever is accepted is
 * stored re-encoded as webp, so nothing hidden survives; bombs are refused from their header.
 */

let database: Database;
let app: TestApp;
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // Enough uploads for the suite from one person.
  app = createTestApp(database, { UPLOAD_MAX_PER_USER_HOUR: '1000' });
  cookie = await signIn(app, await createUser(database.db));
});
afterAll(() => database?.close());

async function upload(bytes: Uint8Array, name = 'a.png', type = 'image/png') {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  form.set('purpose', 'entry');
  const response = await app.request('/api/upload/image', { method: 'POST', body: form, headers: { cookie } });
  return {
    status: response.status,
    body: (await response.json()) as { s: number; m: string; d: { url: string } },
  };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 74-byte PNG whose header declares 100 000 × 100 000 pixels (30 GB decoded). */
function headerBombPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF whose screen and frame declare 65 535 × 65 535. */
const GIF_BOMB = Buffer.from([
  0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff,
  0xff, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b,
]);

/** A zip holding one HTML page with a script: what a GIFAR-style polyglot appends to an image. */
function zipWithPage(): Buffer {
  const name = Buffer.from('index.html');
  const content = Buffer.from('<html><script>alert(document.cookie)</script></html>');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt32LE(zlib.crc32(content), 14);
  header.writeUInt32LE(content.length, 18);
  header.writeUInt32LE(content.length, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, content]);
}

const SCRIPT = Buffer.from('<script>alert(document.cookie)</script><html><body onload=alert(1)>');

describe('polyglot uploads', () => {
  it('an image with a page, a script or an archive inside is stored re-encoded, with nothing of it left', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1e80ff' } })
      .png()
      .toBuffer();
    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f0' } })
      .jpeg()
      .toBuffer();
    // A JPEG comment segment (FFFE) right after the SOI marker holding markup.
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.alloc(2), SCRIPT]);
    comment.writeUInt16BE(SCRIPT.length + 2, 2);
    const polyglots: Array<[name: string, bytes: Buffer, file: string]> = [
      ['GIF + zip (GIFAR)', Buffer.concat([gif, zipWithPage()]), 'a.gif'],
      ['PNG + trailing HTML', Buffer.concat([png, SCRIPT]), 'a.html'],
      [
        'PNG with a tEXt chunk of script',
        Buffer.concat([
          png.subarray(0, 33),
          pngChunk('tEXt', Buffer.concat([Buffer.from('c\0'), SCRIPT])),
          png.subarray(33),
        ]),
        'a.png',
      ],
      ['JPEG with a comment of script', Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)]), 'a.jpg'],
    ];
    for (const [label, bytes, file] of polyglots) {
      const { status, body } = await upload(bytes, file, 'text/html');
      expect(status, label).toBe(200);
      expect(body.d.url, label).toMatch(/^\/uploads\/entry\/[0-9a-f]{24}\.webp$/);
      const served = await app.request(body.d.url);
      const stored = Buffer.from(await served.arrayBuffer());
      expect(detectImageFormat(stored), label).toBe('webp');
      expect(stored.includes('<script'), label).toBe(false);
      expect(stored.includes('PK\u0003\u0004'), label).toBe(false);
      expect(served.headers.get('content-type'), label).toBe('image/webp');
      expect(served.headers.get('x-content-type-options'), label).toBe('nosniff');
      expect(served.headers.get('content-security-policy'), label).toContain('sandbox');
    }
  });

  it('anything that is not a raster image by its signature is refused, whatever its name says', async () => {
    const files: Array<[name: string, bytes: Buffer, file: string, type: string]> = [
      [
        'SVG with a script',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'),
        'a.svg',
        'image/svg+xml',
      ],
      ['HTML named .png', Buffer.from('<!doctype html><script>alert(1)</script>'), 'a.png', 'image/png'],
      ['PDF', Buffer.from('%PDF-1.7\n1 0 obj<</JS(alert(1))>>endobj'), 'a.png', 'image/png'],
      ['zip', zipWithPage(), 'a.png', 'image/png'],
      [
        'a PNG signature and garbage',
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]),
        'a.png',
        'image/png',
      ],
      ['a truncated JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), 'a.jpg', 'image/jpeg'],
      ['nothing at all', Buffer.alloc(0), 'a.png', 'image/png'],
    ];
    for (const [label, bytes, file, type] of files) {
      const { status, body } = await upload(bytes, file, type);
      expect(status, label).toBe(400);
      expect(body.m, label).toBe(UNSUPPORTED_FORMAT);
    }
  });
});

describe('decompression bombs', () => {
  it('images that declare more than 25 million pixels are refused from their header, even eight at once', async () => {
    const bombs = [
      headerBombPng(),
      GIF_BOMB,
      await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#000' } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
    ];
    for (const bomb of bombs) {
      const { status, body } = await upload(bomb);
      expect(status).toBe(400);
      expect(body.m).toBe(IMAGE_TOO_LARGE);
    }
    const started = performance.now();
    const together = await Promise.all(Array.from({ length: 8 }, () => upload(headerBombPng())));
    expect(together.map((r) => r.status)).toEqual(Array(8).fill(400));
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
