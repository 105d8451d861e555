import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { createTestDatabase } from '../../../tests/setup/test-db.ts';
import { type TestApp, createTestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { fetchPage, isBlockedAddress, LINK_PREVIEW_MESSAGES } from './link-preview.fetch.ts';
import { parsePageInfo } from './link-preview.service.ts';

let database: Database;
let app: TestApp;
let allowApp: TestApp;
let cookie: string;
let server: Server;
let origin: string;

const PAGE = `<!doctype html><html><head>
<meta charset="utf-8"><title>  备用标题 </title>
<meta property="og:title" content="金砂 &amp; 测试页">
<meta name="description" content="一段   描述">
<meta property="og:image" content="/cover.png">
</head><body><p>正文</p></body></html>`;

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestApp(database);
  allowApp = createTestApp(database, { LINK_PREVIEW_ALLOW_PRIVATE: 'true' });
  cookie = await signIn(app, await createUser(database.db));
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE);
    } else if (url === '/gbk') {
      res.writeHead(200, { 'content-type': 'text/html; charset=gbk' });
      // "<title>中文</title>" in GBK.
      res.end(
        Buffer.concat([
          Buffer.from('<html><head><title>'),
          Buffer.from([0xd6, 0xd0, 0xce, 0xc4]),
          Buffer.from('</title></head></html>'),
        ]),
      );
    } else if (url.startsWith('/redirect-to-')) {
      res.writeHead(302, { location: decodeURIComponent(url.slice('/redirect-to-'.length)) });
      res.end();
    } else if (url === '/loop') {
      res.writeHead(302, { location: '/loop' });
      res.end();
    } else if (url === '/json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    } else if (url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><head><meta property="og:title" content="很大的页面"></head><body>');
      const chunk = 'x'.repeat(64 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 4 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('</body></html>');
      };
      pump();
    } else if (url === '/slow') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html>');
      // Never ends: the fetcher's timeout must.
    } else {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});

function pageInfo(target: TestApp, url: string, headers: HeadersInit = { cookie }) {
  return requestJson<{ title: string; description: string; screenshot: string; url: string }>(
    target,
    `/api/post/page/info?url=${encodeURIComponent(url)}`,
    { headers },
  );
}

describe('isBlockedAddress', () => {
  it('refuses every non-public range and lets public unicast through', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.100.100.200',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ]) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946']) {
      expect(isBlockedAddress(address), address).toBe(false);
    }
  });

  it('refuses every IPv6 form that reaches a loopback or private IPv4 address', () => {
    for (const address of [
      // IPv4-compatible (::a.b.c.d)
      '::127.0.0.1',
      '::7f00:1',
      '::10.0.0.1',
      '::169.254.169.254',
      '0:0:0:0:0:0:127.0.0.1',
      // IPv4-mapped in every spelling
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:127.0.0.1',
      '::ffff:192.168.0.1',
      // IPv4-translated (SIIT)
      '::ffff:0:127.0.0.1',
      '::ffff:0:a00:1',
      // NAT64, well-known and local-use prefixes
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::10.0.0.1',
      '64:ff9b:1::8.8.8.8',
      // 6to4 around loopback, private and metadata addresses
      '2002:7f00:1::1',
      '2002:a00:1::',
      '2002:a9fe:a9fe::1',
      '2002:c0a8:1::1',
      // Teredo, documentation, discard, site-local, ORCHID, zoned
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:db8::1',
      '100::1',
      'fec0::1',
      '2001:10::1',
      'fe80::1%eth0',
    ]) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
    // The same forms around a public address are ordinary hosts.
    for (const address of ['::ffff:8.8.8.8', '64:ff9b::8.8.8.8', '2002:808:808::1', '2a00:1450:4001:82b::200e']) {
      expect(isBlockedAddress(address), address).toBe(false);
    }
  });
});

describe('GET /api/post/page/info (SSRF guard on, the default)', () => {
  it('refuses loopback, private, link-local and metadata targets', async () => {
    for (const url of [
      `${origin}/page`,
      'http://127.0.0.1/',
      'http://10.0.0.8/',
      'http://192.168.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[64:ff9b::7f00:1]/',
      'http://[2002:7f00:1::1]/',
      'http://0177.0.0.1/',
      'http://0.0.0.0/',
      'http://2130706433/',
      'http://0x7f000001/',
      `http://localhost:${new URL(origin).port}/page`,
    ]) {
      const { status, body } = await pageInfo(app, url);
      expect(status, url).toBe(400);
      expect(body.m, url).toBe(LINK_PREVIEW_MESSAGES.blocked);
    }
  });

  it('refuses other schemes and bad URLs', async () => {
    for (const [url, message] of [
      ['file:///etc/passwd', LINK_PREVIEW_MESSAGES.scheme],
      ['ftp://example.com/', LINK_PREVIEW_MESSAGES.scheme],
      ['gopher://127.0.0.1:6379/_INFO', LINK_PREVIEW_MESSAGES.scheme],
      ['not a url', LINK_PREVIEW_MESSAGES.invalidUrl],
    ] as const) {
      const { status, body } = await pageInfo(app, url);
      expect(status, url).toBe(400);
      expect(body.m, url).toBe(message);
    }
  });

  it('needs a signed-in member', async () => {
    const { status } = await pageInfo(app, 'https://example.com/', {});
    expect(status).toBe(401);
  });
});

describe('fetchPage', () => {
  it('refuses a public-looking name that resolves to loopback', async () => {
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    await expect(
      fetchPage(`http://public.example.com:${new URL(origin).port}/page`, { resolve }),
    ).rejects.toMatchObject({
      message: LINK_PREVIEW_MESSAGES.blocked,
    });
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ];
    await expect(fetchPage('http://mixed.example.com/', { resolve: mixed })).rejects.toMatchObject({
      message: LINK_PREVIEW_MESSAGES.blocked,
    });
  });

  it('connects to the address it checked, even when DNS answers differently the second time', async () => {
    // First answer public (passes the up-front check), second loopback: the socket must never get it.
    let calls = 0;
    const rebinding = async () =>
      calls++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    await expect(
      fetchPage(`http://rebind.example.com:${new URL(origin).port}/page`, { resolve: rebinding }),
    ).rejects.toMatchObject({ message: LINK_PREVIEW_MESSAGES.blocked });
  });

  it('re-checks every redirect hop (the local server itself allowed, nothing else)', async () => {
    const onlyTestServer = (address: string) => address !== '127.0.0.1' && isBlockedAddress(address);
    const port = new URL(origin).port;
    for (const target of [
      `http://[::1]:${port}/page`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      `http://localhost6:${port}/page`,
    ]) {
      const redirect = `${origin}/redirect-to-${encodeURIComponent(target)}`;
      const resolve = async (host: string) =>
        host === 'localhost6' ? [{ address: '::1', family: 6 }] : [{ address: host, family: 4 }];
      await expect(fetchPage(redirect, { isBlocked: onlyTestServer, resolve }), target).rejects.toMatchObject({
        message: LINK_PREVIEW_MESSAGES.blocked,
      });
    }
    await expect(
      fetchPage(`${origin}/redirect-to-${encodeURIComponent('file:///etc/passwd')}`, { isBlocked: onlyTestServer }),
    ).rejects.toMatchObject({ message: LINK_PREVIEW_MESSAGES.scheme });
    await expect(fetchPage(`${origin}/loop`, { isBlocked: onlyTestServer })).rejects.toMatchObject({
      message: LINK_PREVIEW_MESSAGES.redirects,
    });
  });

  it('reads only HTML, stops at the size cap and times out', async () => {
    await expect(fetchPage(`${origin}/json`, { allowPrivate: true })).rejects.toMatchObject({
      message: LINK_PREVIEW_MESSAGES.notHtml,
    });
    await expect(fetchPage(`${origin}/missing`, { allowPrivate: true })).rejects.toMatchObject({
      message: LINK_PREVIEW_MESSAGES.unreadable,
    });
    const huge = await fetchPage(`${origin}/huge`, { allowPrivate: true });
    expect(Buffer.byteLength(huge.html)).toBeLessThanOrEqual(1024 * 1024);
    expect(parsePageInfo(huge.html, huge.url).title).toBe('很大的页面');
    await expect(fetchPage(`${origin}/slow`, { allowPrivate: true, timeoutMs: 300 })).rejects.toMatchObject({
      message: LINK_PREVIEW_MESSAGES.timeout,
    });
  });

  it('decodes GBK pages', async () => {
    const page = await fetchPage(`${origin}/gbk`, { allowPrivate: true });
    expect(parsePageInfo(page.html, page.url).title).toBe('中文');
  });
});

describe('GET /api/post/page/info with LINK_PREVIEW_ALLOW_PRIVATE (tests only)', () => {
  it('fills title, description and the Open Graph image, following redirects', async () => {
    const { status, body } = await pageInfo(allowApp, `${origin}/redirect-to-${encodeURIComponent('/page')}`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.d).toEqual({
      url: `${origin}/page`,
      title: '金砂 & 测试页',
      description: '一段 描述',
      screenshot: `${origin}/cover.png`,
    });
  });

  it('still refuses other schemes', async () => {
    const { status } = await pageInfo(allowApp, 'file:///etc/passwd');
    expect(status).toBe(400);
  });
});

describe('parsePageInfo', () => {
  it('falls back to <title> and ignores unsafe image schemes', () => {
    const info = parsePageInfo(
      '<html><head><title>纯标题</title><meta property="og:image" content="javascript:alert(1)"></head></html>',
      'https://example.com/',
    );
    expect(info).toEqual({ title: '纯标题', description: '', screenshot: '' });
  });
});
