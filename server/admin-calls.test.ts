/**
 * Every administrators' call of the OpenAPI document (tag `admin`), for an administrator, an
 * editor, a normal user and a visitor (issue 16, docs/decisions/017-admin-console.md): a visitor
 * gets 401, a person whose role is not listed 403 'Forbidden', the listed roles get through. Calls
 * with a valid request in VALID_REQUESTS must answer 200 to each listed role; the others must at
 * least get past the role check. A new admin call is covered the moment it is tagged; add its
 * valid request below to have its success checked too.
 */
import { describe, expect, it } from 'vitest';
import { newId } from '@core/ids.ts';
import type { Database } from '@db/client.ts';
import { bookletSections, booklets, withdrawalApplications } from '@db/schema/commerce.ts';
import { reports } from '@db/schema/moderation.ts';
import { createEntry } from '../tests/factories/entries.ts';
import { createUser, type TestUser } from '../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../tests/setup/test-app.ts';
import { setUpTestApp } from '../tests/setup/file-app.ts';
import { openApiDocument } from './app.ts';
import { ADMIN_TAG, ROLES_EXTENSION } from './http/admin-route.ts';

interface Operation {
  tags?: string[];
  [ROLES_EXTENSION]?: string[];
}

interface CallInput {
  query?: Record<string, string>;
  json?: unknown;
  /** Values for the path's {parameters}. */
  params?: Record<string, string>;
}

type Fixtures = {
  db: Database['db'];
  admin: TestUser;
  /** A call as the administrator, for what a request needs to exist first; answers `d`. */
  asAdmin: <T>(path: string, json: unknown) => Promise<T>;
};

const EVENT = {
  title: '金砂开发者大会',
  city: '北京',
  address: '海淀区中关村大街 1 号',
  url: 'https://example.com/events/1',
  startedAt: '2030-01-01T02:00:00.000Z',
  endedAt: '2030-01-01T10:00:00.000Z',
};

/** A pending withdrawal of 100 fen by a new wallet owner (its volume already off their balance). */
async function pendingWithdrawal(db: Database['db']): Promise<string> {
  const owner = await createUser(db, { hasWallet: true });
  const id = newId();
  await db
    .insert(withdrawalApplications)
    .values({ id, userId: owner.id, volume: 100, alipayAccount: 'a@b.cn', name: '张三' });
  return id;
}

/** A valid request for each admin call, made fresh per caller (a call may change what it acts on). */
const VALID_REQUESTS: Record<string, (fx: Fixtures) => Promise<CallInput>> = {
  'POST /user/v1/forcePasswordReset': async ({ db }) => ({ json: { userId: (await createUser(db)).id } }),
  'POST /post/recommend': async ({ db }) => ({ json: { entryId: (await createEntry(db)).id } }),
  'POST /post/unrecommend': async ({ db }) => ({ json: { entryId: (await createEntry(db, { hot: true })).id } }),
  'POST /notification/sendSystemNotification': async ({ db }) => ({
    json: { content: '系统维护通知', userId: (await createUser(db)).id },
  }),
  'GET /admin/audit': async () => ({ query: { limit: '5' } }),
  'GET /admin/dashboard': async () => ({}),
  'GET /banner/admin/list': async () => ({}),
  'POST /banner/admin/save': async () => ({
    json: { url: '/events', textList: ['大会'], startedAt: '2030-01-01T00:00:00Z', endedAt: '2030-01-02T00:00:00Z' },
  }),
  'POST /banner/admin/delete': async ({ asAdmin }) => {
    const banner = await asAdmin<{ id: string }>('/api/banner/admin/save', {
      url: '/events',
      textList: ['大会'],
      startedAt: '2030-01-01T00:00:00Z',
      endedAt: '2030-01-02T00:00:00Z',
    });
    return { json: { id: banner.id } };
  },
  'GET /admin/people': async () => ({ query: { q: 'a' } }),
  'POST /admin/people/update': async ({ db }) => ({
    json: { userId: (await createUser(db)).id, role: 'editor', isXiaoceAuthor: true },
  }),
  'POST /admin/suspend': async ({ db }) => ({
    json: { userId: (await createUser(db)).id, until: '2099-01-01T00:00:00Z', reason: '刷屏' },
  }),
  'POST /admin/hide': async ({ db }) => ({
    json: { targetType: 'entry', targetId: (await createEntry(db)).id, reason: '广告' },
  }),
  'POST /admin/restore': async ({ db }) => ({
    json: { targetType: 'entry', targetId: (await createEntry(db, { hiddenAt: new Date(), hiddenReason: '广告' })).id },
  }),
  'GET /admin/reports': async () => ({ query: { status: 'open' } }),
  'POST /admin/reports/resolve': async ({ db }) => {
    const reportId = newId();
    const reporter = await createUser(db);
    const entry = await createEntry(db);
    await db
      .insert(reports)
      .values({ id: reportId, reporterId: reporter.id, targetType: 'entry', targetId: entry.id, reason: 'spam' });
    return { json: { reportId, action: 'dismiss' } };
  },
  'GET /admin/content': async () => ({ query: { type: 'entry', state: 'hidden' } }),
  'POST /event/create': async () => ({ json: EVENT }),
  'GET /wallet/admin/withdrawals': async () => ({ query: { status: 'pending' } }),
  'POST /wallet/admin/approve': async ({ db }) => ({ json: { id: await pendingWithdrawal(db) } }),
  'POST /wallet/admin/reject': async ({ db }) => ({ json: { id: await pendingWithdrawal(db), note: '信息有误' } }),
  'POST /event/update': async ({ asAdmin }) => {
    const { id } = await asAdmin<{ id: string }>('/api/event/create', EVENT);
    return { json: { ...EVENT, eventId: id, title: '改名后的大会' } };
  },
  'POST /xiaoce/approve': async ({ db }) => ({ json: { id: (await submittedBooklet(db)).bookletId } }),
  'POST /xiaoce/isFreeSection': async ({ db }) => ({
    json: { sectionId: (await submittedBooklet(db)).sectionId, isFree: true },
  }),
  'POST /xiaoce/isHot': async ({ db }) => ({ json: { id: (await submittedBooklet(db)).bookletId, isHot: true } }),
  'POST /xiaoce/isTop': async ({ db }) => ({ json: { id: (await submittedBooklet(db)).bookletId, isTop: true } }),
  'GET /xiaoce/getList': async () => ({ query: { submitted: '1' } }),
  'POST /event/delete': async ({ asAdmin }) => {
    const { id } = await asAdmin<{ id: string }>('/api/event/create', EVENT);
    return { json: { eventId: id } };
  },
};

/** A booklet with one published section, submitted for review (booklets module). */
async function submittedBooklet(db: Database['db']) {
  const author = await createUser(db, { isXiaoceAuthor: true });
  const bookletId = newId();
  const sectionId = newId();
  await db.insert(booklets).values({
    id: bookletId,
    userId: author.id,
    title: '待审核的小册',
    summary: '简介',
    price: 990,
    submittedAt: new Date(),
  });
  await db.insert(bookletSections).values({ id: sectionId, bookletId, title: '第一节', position: 0, isDraft: false });
  return { bookletId, sectionId };
}

let database: Database;
let app: TestApp;
const people: Record<'admin' | 'editor' | 'user', { user: TestUser; cookie: string }> = {} as never;

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  for (const role of ['admin', 'editor', 'user'] as const) {
    const user = await createUser(database.db, { role });
    people[role] = { user, cookie: await signIn(app, user) };
  }
});

const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Operation>> };
const adminCalls = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, op]) => op.tags?.includes(ADMIN_TAG))
    .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method, path, op })),
);

const PLACEHOLDER_ID = 'a'.repeat(24);

async function call(
  target: { method: string; path: string },
  input: CallInput,
  cookie: string | null,
): Promise<{ status: number; m: string }> {
  const path = target.path.replace(/\{(\w+)\}/g, (_, name: string) => input.params?.[name] ?? PLACEHOLDER_ID);
  const query = input.query ? `?${new URLSearchParams(input.query)}` : '';
  const headers: Record<string, string> = cookie ? { cookie } : {};
  // A GET that writes is a script's fetch from the site's own page.
  if (target.method === 'get') Object.assign(headers, { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'empty' });
  const response = await requestJson(app, `/api${path}${query}`, {
    method: target.method.toUpperCase(),
    headers,
    json: target.method === 'get' ? undefined : (input.json ?? {}),
  });
  return { status: response.status, m: response.body.m };
}

describe('admin calls (every operation tagged admin)', () => {
  it('finds the admin calls, each declared with createAdminRoute (roles checked before the input)', () => {
    expect(adminCalls.length).toBeGreaterThanOrEqual(5);
    for (const { key, op } of adminCalls) {
      expect(op[ROLES_EXTENSION], `${key}: declare it with createAdminRoute`).toContain('admin');
    }
  });

  for (const { key, method, path, op } of adminCalls) {
    const roles = op[ROLES_EXTENSION] ?? ['admin'];
    it(`${key}: visitor 401, others by role (${roles.join(', ')})`, async () => {
      const fixtures = (): Fixtures => ({
        db: database.db,
        admin: people.admin.user,
        asAdmin: async <T>(target: string, json: unknown) => {
          const answer = await requestJson<T>(app, target, {
            method: 'POST',
            headers: { cookie: people.admin.cookie },
            json,
          });
          expect(answer.status, `${target}: ${answer.body.m}`).toBe(200);
          return answer.body.d;
        },
      });
      const makeInput = VALID_REQUESTS[key] ?? (async () => ({}));
      const visitor = await call({ method, path }, await makeInput(fixtures()), null);
      expect(visitor.status, `${key} visitor`).toBe(401);
      for (const role of ['user', 'editor', 'admin'] as const) {
        const answer = await call({ method, path }, await makeInput(fixtures()), people[role].cookie);
        if (!roles.includes(role)) {
          expect(answer, `${key} as ${role}`).toEqual({ status: 403, m: 'Forbidden' });
        } else if (VALID_REQUESTS[key]) {
          expect(answer.status, `${key} as ${role}: ${answer.m}`).toBe(200);
        } else {
          expect([401, 403], `${key} as ${role}`).not.toContain(answer.status);
        }
      }
    });
  }
});
