import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_ACCOUNT_LIMITS, TRUST_RULES } from '@core/trust.ts';
import type { Database } from '@db/client.ts';
import { pins } from '@db/schema/social.ts';
import { users } from '@db/schema/users.ts';
import { type CategoryRow, ensureCategories } from '../../../tests/factories/categories.ts';
import { createTag } from '../../../tests/factories/tags.ts';
import { createUser, type TestUser, type UserOverrides } from '../../../tests/factories/users.ts';
import { createTestDatabase } from '../../../tests/setup/test-db.ts';
import { type TestApp, createTestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { TOO_FREQUENT } from '../verification/verification.service.ts';
import { createComment } from '../comments/comments.service.ts';
import { publishPin } from '../pins/pins.service.ts';
import { checkUploadRate } from '../uploads/uploads.service.ts';
import { getTrustStanding } from './trust.service.ts';

let database: Database;
let app: TestApp;
let admin: TestUser;
let backend: CategoryRow;
let tagId: string;
const cookies = new Map<string, string>();

const DAY = 86_400_000;
const old = () => new Date(Date.now() - (TRUST_RULES.minAccountDays + 7) * DAY);

beforeAll(async () => {
  database = await createTestDatabase();
  app = createTestApp(database, { NEW_ACCOUNT_LIMITS: 'true' });
  backend = (await ensureCategories(database.db)).backend;
  tagId = (await createTag(database.db)).id;
  admin = await createUser(database.db, { role: 'admin' });
  cookies.set(admin.id, await signIn(app, admin));
});
afterAll(() => database?.close());

async function person(overrides: UserOverrides = {}) {
  const user = await createUser(database.db, overrides);
  cookies.set(user.id, await signIn(app, user));
  return user;
}

/** An account past every rule: old enough, liked, nothing hidden. */
const established = () => person({ createdAt: old(), beLikedCount: TRUST_RULES.minLikesReceived });

function call<T = unknown>(user: TestUser, path: string, json: unknown) {
  return requestJson<T>(app, path, { method: 'POST', headers: { cookie: cookies.get(user.id) ?? '' }, json });
}

const pin = (user: TestUser, content = '今天学了点新东西') =>
  call<{ id: string }>(user, '/api/pin/publish', { content });

async function pinsUntilRefused(user: TestUser, max: number) {
  const statuses: number[] = [];
  for (let i = 0; i < max; i += 1) statuses.push((await pin(user, `第 ${i} 条沸点`)).status);
  return statuses;
}

describe('new-account limits (docs/trust-levels.md)', () => {
  it('a new account hits the lower pin limit with the catalogue words and what lifts it', async () => {
    const fresh = await person();
    const points = NEW_ACCOUNT_LIMITS.rates.pin.points;
    const statuses = await pinsUntilRefused(fresh, points);
    expect(statuses).toEqual(Array(points).fill(200));
    const refused = await pin(fresh);
    expect(refused.status).toBe(429);
    expect(refused.body.m.startsWith(TOO_FREQUENT)).toBe(true);
    expect(refused.body.m).toContain(`最多发布 ${points} 条沸点`);
    expect(refused.body.m).toContain(`注册满 ${TRUST_RULES.minAccountDays} 天`);
    expect(refused.body.d).toMatchObject({ trustLevel: 0 });
    expect(await database.db.$count(pins, eq(pins.userId, fresh.id))).toBe(points);
  });

  it('an old account in good standing is not limited (pins, links)', async () => {
    const member = await established();
    expect((await getTrustStanding({ db: database.db }, member.id)).level).toBe(1);
    const statuses = await pinsUntilRefused(member, NEW_ACCOUNT_LIMITS.rates.pin.points + 2);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const links = 'https://a.example https://b.example https://c.example https://d.example';
    expect((await pin(member, links)).status).toBe(200);
  });

  it('an old account whose content a moderator hid stays limited until it is restored or 30 days pass', async () => {
    const moderated = await established();
    const first = await pin(moderated, '会被隐藏的沸点');
    const hide = await call(admin, '/api/admin/hide', { targetType: 'pin', targetId: first.body.d.id, reason: '广告' });
    expect(hide.status).toBe(200);
    const standing = await getTrustStanding({ db: database.db }, moderated.id);
    expect(standing.level).toBe(0);
    expect(standing.missing.join()).toContain(`${TRUST_RULES.cleanDays} 天内没有内容被管理员隐藏`);
    // Its first pin was made at level 1 and did not count.
    const statuses = await pinsUntilRefused(moderated, NEW_ACCOUNT_LIMITS.rates.pin.points);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await pin(moderated)).status).toBe(429);

    // A restore clears it at once; hidden long ago no longer counts.
    const restore = await call(admin, '/api/admin/restore', { targetType: 'pin', targetId: first.body.d.id });
    expect(restore.status).toBe(200);
    expect((await getTrustStanding({ db: database.db }, moderated.id)).level).toBe(1);
    await database.db
      .update(pins)
      .set({ hiddenAt: new Date(Date.now() - (TRUST_RULES.cleanDays + 1) * DAY) })
      .where(eq(pins.id, first.body.d.id));
    expect((await getTrustStanding({ db: database.db }, moderated.id)).level).toBe(1);
    expect((await pin(moderated)).status).toBe(200);
  });

  it('needs likes received or entries read as well as age', async () => {
    const quiet = await person({ createdAt: old() });
    expect((await getTrustStanding({ db: database.db }, quiet.id)).missing.join()).toContain('阅读');
    await database.db
      .update(users)
      .set({ viewedEntriesCount: TRUST_RULES.minEntriesRead })
      .where(eq(users.id, quiet.id));
    expect(await getTrustStanding({ db: database.db }, quiet.id)).toMatchObject({ level: 1, missing: [] });
  });

  it('limits a new account’s external links per comment and entry, edits included', async () => {
    const fresh = await person();
    const entry = await call<{ entryId: string }>(fresh, '/api/post/entryPublish', {
      title: '新用户的第一篇文章',
      content: '正文，[站内链接](/entry/abc) 不算。',
      category: backend.id,
      tags: tagId,
    });
    expect(entry.status).toBe(200);
    const tooMany = Array.from({ length: NEW_ACCOUNT_LIMITS.links.comment + 1 }, (_, i) => `https://x${i}.example`);
    const comment = await call(fresh, '/api/comment/comment', {
      targetType: 'entry',
      targetId: entry.body.d.entryId,
      content: tooMany.join(' '),
    });
    expect(comment.status).toBe(400);
    expect(comment.body.m).toContain(`最多包含 ${NEW_ACCOUNT_LIMITS.links.comment} 个外部链接`);
    const fine = await call(fresh, '/api/comment/comment', {
      targetType: 'entry',
      targetId: entry.body.d.entryId,
      content: tooMany.slice(0, NEW_ACCOUNT_LIMITS.links.comment).join(' '),
    });
    expect(fine.status).toBe(200);
    const manyLinks = Array.from(
      { length: NEW_ACCOUNT_LIMITS.links.entry + 1 },
      (_, i) => `[l](https://y${i}.example)`,
    );
    const edit = await call(fresh, '/api/post/entryUpdate', {
      entryId: entry.body.d.entryId,
      title: '新用户的第一篇文章',
      content: manyLinks.join('\n'),
      category: backend.id,
      tags: tagId,
    });
    expect(edit.status).toBe(400);
    expect(edit.body.m).toContain('外部链接');
  });

  it('limits a new account’s entries a day and comments an hour; editors and admins are exempt', async () => {
    const fresh = await person();
    const form = (i: number) => ({ title: `第 ${i} 篇`, content: '正文', category: backend.id, tags: tagId });
    const entryStatuses: number[] = [];
    for (let i = 0; i <= NEW_ACCOUNT_LIMITS.rates.entry.points; i += 1) {
      entryStatuses.push((await call(fresh, '/api/post/entryPublish', form(i))).status);
    }
    expect(entryStatuses.at(-1)).toBe(429);
    expect(entryStatuses.slice(0, -1).every((s) => s === 200)).toBe(true);

    const editor = await person({ role: 'editor' });
    const editorStatuses = await pinsUntilRefused(editor, NEW_ACCOUNT_LIMITS.rates.pin.points + 1);
    expect(editorStatuses.every((s) => s === 200)).toBe(true);

    const target = (await pin(editor, '评论我')).body;
    const commentStatuses: number[] = [];
    for (let i = 0; i <= NEW_ACCOUNT_LIMITS.rates.comment.points; i += 1) {
      const res = await call(fresh, '/api/comment/comment', {
        targetType: 'pin',
        targetId: target.d.id,
        content: `评论 ${i}`,
      });
      commentStatuses.push(res.status);
    }
    expect(commentStatuses.at(-1)).toBe(429);
    expect(commentStatuses.filter((s) => s === 200).length).toBe(NEW_ACCOUNT_LIMITS.rates.comment.points);
  });

  it('limits a new account’s uploads an hour below the site-wide limit', async () => {
    const fresh = await person();
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1e80ff' } })
      .png()
      .toBuffer();
    const upload = async () => {
      const form = new FormData();
      form.set('file', new File([new Uint8Array(bytes)], 'a.png', { type: 'image/png' }));
      form.set('purpose', 'pin');
      const response = await app.request('/api/upload/image', {
        method: 'POST',
        body: form,
        headers: { cookie: cookies.get(fresh.id) ?? '' },
      });
      return { status: response.status, body: (await response.json()) as { m: string } };
    };
    const statuses: number[] = [];
    for (let i = 0; i < NEW_ACCOUNT_LIMITS.rates.upload.points; i += 1) statuses.push((await upload()).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect(refused.body.m).toContain('张图片');
  });

  it('limits a new account in the use cases themselves, whoever calls them (a route action as much as the API)', async () => {
    const fresh = await person();
    const ctx = {
      db: database.db,
      viewer: { ...fresh, sessionId: 's', clientId: 'c' },
      env: app.env,
      adapters: app.adapters,
    };
    const pinPoints = NEW_ACCOUNT_LIMITS.rates.pin.points;
    for (let i = 0; i < pinPoints; i += 1) await publishPin(ctx, { content: `服务里的第 ${i} 条沸点` });
    await expect(publishPin(ctx, { content: '再来一条' })).rejects.toMatchObject({ status: 429 });

    const target = (await pin(admin, '评论我')).body as { d: { id: string } };
    const links = Array.from({ length: NEW_ACCOUNT_LIMITS.links.comment + 1 }, (_, i) => `https://e${i}.example.com`);
    await expect(
      createComment(ctx, { targetType: 'pin', targetId: target.d.id, content: links.join(' ') }),
    ).rejects.toMatchObject({ status: 400 });
    const commentPoints = NEW_ACCOUNT_LIMITS.rates.comment.points;
    for (let i = 0; i < commentPoints; i += 1) {
      await createComment(ctx, { targetType: 'pin', targetId: target.d.id, content: `服务里的评论 ${i}` });
    }
    await expect(
      createComment(ctx, { targetType: 'pin', targetId: target.d.id, content: '再来一条' }),
    ).rejects.toMatchObject({ status: 429 });

    for (let i = 0; i < NEW_ACCOUNT_LIMITS.rates.upload.points; i += 1) await checkUploadRate(ctx);
    await expect(checkUploadRate(ctx)).rejects.toMatchObject({
      status: 429,
      message: expect.stringContaining('张图片'),
    });
  });
});
