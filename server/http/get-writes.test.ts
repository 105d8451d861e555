import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { entries } from '@db/schema/content.ts';
import { users, verificationTokens } from '@db/schema/users.ts';
import { trackingEvents } from '@db/schema/social.ts';
import { createEntry } from '../../tests/factories/entries.ts';
import { createUser } from '../../tests/factories/users.ts';
import { type TestApp, TEST_ORIGIN, signIn } from '../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../tests/setup/file-app.ts';
import { BROWSER_REQUESTS } from '../../tests/setup/browser-requests.ts';
import { CROSS_SITE_MESSAGE } from './security.ts';

let database: Database;
let app: TestApp;

setUpTestApp({ categories: true }, (opened) => ({ database, app } = opened));

const REFUSED = [
  'crossSite',
  'crossSiteNavigation',
  'ownPageImage',
  'ownPageLink',
  'foreignReferer',
  'sameSite',
  'addressBar',
] as const;

async function call(path: string, headers: Record<string, string>) {
  const response = await app.request(path, { headers });
  return { status: response.status, body: (await response.json()) as { s: number; m: string; d: unknown } };
}

interface GetWrite {
  name: string;
  /** Prepares state and returns the call's path, how to read the state, and the state after a real call. */
  setup(): Promise<{ path: string; cookie?: string; read: () => Promise<unknown> }>;
}

const GET_WRITES: GetWrite[] = [
  {
    name: 'GET /api/post/entryDel',
    async setup() {
      const author = await createUser(database.db);
      const entry = await createEntry(database.db, { userId: author.id });
      return {
        path: `/api/post/entryDel?entryId=${entry.id}`,
        cookie: await signIn(app, author),
        read: async () =>
          (await database.db.select({ id: entries.id }).from(entries).where(eq(entries.id, entry.id))).length,
      };
    },
  },
  {
    name: 'GET /api/mail/subscribe.php',
    async setup() {
      const user = await createUser(database.db, { weeklyEmail: true });
      return {
        path: '/api/mail/subscribe.php?type=week&check=0',
        cookie: await signIn(app, user),
        read: async () =>
          (await database.db.select({ on: users.weeklyEmail }).from(users).where(eq(users.id, user.id)))[0].on,
      };
    },
  },
  {
    name: 'GET /api/notification/setUserNotificationNum',
    async setup() {
      const user = await createUser(database.db, { unreadUserNotificationCount: 3 });
      return {
        path: '/api/notification/setUserNotificationNum',
        cookie: await signIn(app, user),
        read: async () =>
          (
            await database.db.select({ n: users.unreadUserNotificationCount }).from(users).where(eq(users.id, user.id))
          )[0].n,
      };
    },
  },
  {
    name: 'GET /api/notification/checkAllSystemNotification',
    async setup() {
      const user = await createUser(database.db, { unreadSystemNotificationCount: 2 });
      return {
        path: '/api/notification/checkAllSystemNotification',
        cookie: await signIn(app, user),
        read: async () =>
          (
            await database.db
              .select({ n: users.unreadSystemNotificationCount })
              .from(users)
              .where(eq(users.id, user.id))
          )[0].n,
      };
    },
  },
  {
    name: 'GET /api/view/getEntryView',
    async setup() {
      const entry = await createEntry(database.db);
      const reader = await createUser(database.db);
      return {
        path: `/api/view/getEntryView?entryId=${entry.id}`,
        cookie: await signIn(app, reader),
        read: async () =>
          (await database.db.select({ n: entries.viewCount }).from(entries).where(eq(entries.id, entry.id)))[0].n,
      };
    },
  },
  {
    name: 'GET /api/captcha/getRandCode',
    async setup() {
      return {
        path: '/api/captcha/getRandCode',
        read: async () => (await database.db.select({ id: verificationTokens.id }).from(verificationTokens)).length,
      };
    },
  },
  ...(['punch', 'log', 'collector'] as const).map(
    (call): GetWrite => ({
      name: `GET /api/track/${call}`,
      async setup() {
        const query = call === 'punch' ? 'location=/pins' : `entryList=${'a'.repeat(24)}`;
        return {
          path: `/api/track/${call}?${query}`,
          read: async () => (await database.db.select({ id: trackingEvents.id }).from(trackingEvents)).length,
        };
      },
    }),
  ),
];

describe('GET calls that change state answer only our own pages’ scripts', () => {
  for (const write of GET_WRITES) {
    it(`${write.name}: refused cross-site, by link, form or image; works from our page`, async () => {
      const { path, cookie, read } = await write.setup();
      const before = await read();
      for (const kind of REFUSED) {
        const headers: Record<string, string> = { ...BROWSER_REQUESTS[kind] };
        if (cookie) headers.cookie = cookie;
        const { status, body } = await call(path, headers);
        expect({ kind, status }).toEqual({ kind, status: 403 });
        expect(body).toEqual({ s: 3, m: CROSS_SITE_MESSAGE, d: null });
        expect(await read(), kind).toEqual(before);
      }
      const headers: Record<string, string> = { ...BROWSER_REQUESTS.ownScript, referer: `${TEST_ORIGIN}/some/page` };
      if (cookie) headers.cookie = cookie;
      const { status, body } = await call(path, headers);
      expect(status).toBe(200);
      expect(body.s).toBe(1);
      expect(await read()).not.toEqual(before);
    });
  }

  it('clients without browser headers (apps with the token form, curl) are not refused', async () => {
    const user = await createUser(database.db, { unreadUserNotificationCount: 4 });
    const token = (await signIn(app, user)).split('=')[1];
    const { status } = await call(`/api/notification/setUserNotificationNum?uid=${user.id}&token=${token}`, {});
    expect(status).toBe(200);
  });

  it('the OpenAPI document marks each guarded GET with x-get-write', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const marked = Object.entries(doc.paths)
      .filter(([, operations]) => operations.get?.['x-get-write'] === true)
      .map(([path]) => path)
      .sort();
    expect(marked).toEqual([
      '/captcha/getRandCode',
      '/mail/subscribe.php',
      '/notification/checkAllSystemNotification',
      '/notification/setUserNotificationNum',
      '/post/entryDel',
      '/post/page/info',
      '/track/collector',
      '/track/log',
      '/track/punch',
      '/view/getEntryView',
      '/wallet/apply',
      '/xiaoce/viewCountContent',
      '/xiaoce/viewCountDetail',
    ]);
  });
});

describe('writes by POST, PUT and DELETE', () => {
  it('are refused from a same-site subdomain or without a page (Sec-Fetch-Site same-site / none)', async () => {
    const user = await createUser(database.db);
    const cookie = await signIn(app, user);
    for (const fetchSite of ['same-site', 'none', 'cross-site']) {
      const response = await app.request('/api/passport/auth', {
        method: 'DELETE',
        headers: { cookie, 'sec-fetch-site': fetchSite },
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ s: 3, m: CROSS_SITE_MESSAGE, d: null });
    }
  });
});
