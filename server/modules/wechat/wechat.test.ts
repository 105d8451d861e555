import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { createTestDatabase } from '../../../tests/setup/test-db.ts';
import { TEST_ORIGIN, createTestApp, requestJson } from '../../../tests/setup/test-app.ts';
import { jsSdkSignature, resetWechatTicket } from './wechat.service.ts';

/** A stand-in for api.weixin.qq.com: a token, then a ticket for that token. */
const calls: string[] = [];
const wechat = createServer((request, response) => {
  calls.push(request.url ?? '');
  const url = new URL(request.url ?? '/', 'http://wechat');
  response.setHeader('content-type', 'application/json');
  if (url.pathname === '/cgi-bin/token') {
    const ok = url.searchParams.get('appid') === 'wx-app' && url.searchParams.get('secret') === 'wx-secret';
    response.end(
      JSON.stringify(ok ? { access_token: 'TOKEN', expires_in: 7200 } : { errcode: 40013, errmsg: 'invalid appid' }),
    );
  } else if (url.pathname === '/cgi-bin/ticket/getticket' && url.searchParams.get('access_token') === 'TOKEN') {
    response.end(JSON.stringify({ errcode: 0, errmsg: 'ok', ticket: 'TICKET', expires_in: 7200 }));
  } else {
    response.statusCode = 404;
    response.end('{}');
  }
});

let database: Database;
let base: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => wechat.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(wechat.address() as AddressInfo).port}`;
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
  await new Promise<void>((resolve) => wechat.close(() => resolve()));
});
beforeEach(() => {
  calls.length = 0;
  resetWechatTicket();
});

describe('jsSdkSignature', () => {
  it('matches the example of WeChat’s JS-SDK documentation', () => {
    expect(
      jsSdkSignature({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });
});

describe('GET /api/wechat/auth', () => {
  const configured = () =>
    createTestApp(database, { WECHAT_MP_APP_ID: 'wx-app', WECHAT_MP_APP_SECRET: 'wx-secret', WECHAT_API_BASE: base });

  it('signs a page of this site with a cached ticket', async () => {
    const app = configured();
    const page = `${TEST_ORIGIN}/post/0123456789abcdef01234567?from=wx#comments`;
    const { status, body } = await requestJson<{
      appId: string;
      timestamp: number;
      nonceStr: string;
      signature: string;
    }>(app, `/api/wechat/auth?url=${encodeURIComponent(page)}`);
    expect(status).toBe(200);
    expect(body.d.appId).toBe('wx-app');
    expect(body.d.signature).toBe(
      jsSdkSignature({
        ticket: 'TICKET',
        nonceStr: body.d.nonceStr,
        timestamp: body.d.timestamp,
        url: `${TEST_ORIGIN}/post/0123456789abcdef01234567?from=wx`,
      }),
    );
    await requestJson(app, `/api/wechat/auth?url=${encodeURIComponent(page)}`);
    expect(calls.filter((call) => call.startsWith('/cgi-bin/token'))).toHaveLength(1);
  });

  it('signs only this site’s pages', async () => {
    const { status, body } = await requestJson(
      configured(),
      `/api/wechat/auth?url=${encodeURIComponent('https://evil.example/')}`,
    );
    expect([status, body.m]).toEqual([400, '只能签名本站页面']);
  });

  it('answers 404 when no official account is configured, and 502 when WeChat refuses', async () => {
    expect((await requestJson(createTestApp(database), `/api/wechat/auth?url=${TEST_ORIGIN}/`)).status).toBe(404);
    const wrong = createTestApp(database, {
      WECHAT_MP_APP_ID: 'wx-app',
      WECHAT_MP_APP_SECRET: 'nope',
      WECHAT_API_BASE: base,
    });
    const { status, body } = await requestJson(wrong, `/api/wechat/auth?url=${encodeURIComponent(`${TEST_ORIGIN}/`)}`);
    expect([status, body.m]).toEqual([502, '微信服务暂时不可用，请稍后重试']);
  });
});
