import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '@db/client.ts';
import { collections, entries, entryTags, notifications, trackingEvents, users } from '@db/schema/index.ts';
import { newId } from '@core/ids.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createTag } from '../../../tests/factories/tags.ts';
import { createUser, type TestUser } from '../../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { envelopeOf } from '../../http/openapi.ts';
import { collectionPageSchema, collectionSchema, collectResultSchema } from './collections.schemas.ts';

let database: Database;
let app: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let ownerCookie: string;
let otherCookie: string;
let adminCookie: string;

setUpTestApp({ categories: true }, async (opened) => {
  ({ database, app } = opened);
  owner = await createUser(database.db);
  other = await createUser(database.db);
  admin = await createUser(database.db, { role: 'admin' });
  ownerCookie = await signIn(app, owner);
  otherCookie = await signIn(app, other);
  adminCookie = await signIn(app, admin);
});

type Json = Record<string, unknown>;

async function call<T = Json>(method: string, path: string, cookie: string | null, json?: unknown) {
  return requestJson<T>(app, `/api/collection${path}`, {
    method,
    headers: cookie ? { cookie } : {},
    json,
  });
}

async function create(cookie: string, body: Json = {}) {
  const { status, body: envelope } = await call<{ id: string }>('POST', '/collectionset', cookie, {
    title: '前端精选',
    description: '好文章',
    ...body,
  });
  expect(status, JSON.stringify(envelope)).toBe(200);
  return envelope.d.id;
}

async function info(id: string, cookie: string | null = null) {
  const { status, body } = await call('GET', `/getCollectionSetInfo?csId=${id}`, cookie);
  expect(status).toBe(200);
  return envelopeOf(collectionSchema).parse(body).d;
}

async function uploadBackground(cookie: string, bytes: Buffer, purpose = 'collection') {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], 'bg.png', { type: 'image/png' }));
  form.set('purpose', purpose);
  const response = await app.request('/api/upload/image', { method: 'POST', body: form, headers: { cookie } });
  return { status: response.status, body: (await response.json()) as { s: number; m: string; d: { url: string } } };
}

describe('create, re-read, update, delete', () => {
  it('creates a collection, counts it for its owner and reads it back', async () => {
    const before = (await database.db.select().from(users).where(eq(users.id, owner.id)))[0].collectionCount;
    const id = await create(ownerCookie);
    const view = await info(id, ownerCookie);
    expect(view).toMatchObject({ id, title: '前端精选', description: '好文章', own: true, followed: false });
    expect(view.entryCount).toBe(0);
    expect(view.author.id).toBe(owner.id);
    expect((await info(id, otherCookie)).own).toBe(false);
    const after = (await database.db.select().from(users).where(eq(users.id, owner.id)))[0].collectionCount;
    expect(after).toBe(before + 1);
  });

  it('derives the mask colour from the uploaded background image', async () => {
    const red = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c81e1e' } })
      .png()
      .toBuffer();
    const uploaded = await uploadBackground(ownerCookie, red);
    expect(uploaded.status).toBe(200);
    const id = await create(ownerCookie, { bgImgUrl: uploaded.body.d.url, bgImgMask: '#ffffff' });
    const view = await info(id);
    expect(view.imageUrl).toBe(uploaded.body.d.url);
    const [r, g, b] = [1, 3, 5].map((k) => Number.parseInt(view.maskColor.slice(k, k + 2), 16));
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(80);
    expect(b).toBeLessThan(80);
  });

  it('refuses backgrounds that are not collection uploads of the viewer, and the spec’s file errors', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const entryUpload = await uploadBackground(ownerCookie, png, 'entry');
    const refused = await call('POST', '/collectionset', ownerCookie, { title: 'x', bgImgUrl: entryUpload.body.d.url });
    expect(refused.status).toBe(400);
    expect(refused.body.m).toBe('不支持此文件格式');
    const foreign = await uploadBackground(otherCookie, png);
    expect(
      (await call('POST', '/collectionset', ownerCookie, { title: 'x', bgImgUrl: foreign.body.d.url })).status,
    ).toBe(400);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await uploadBackground(ownerCookie, gif)).body.m).toBe('不支持此文件格式');
    const big = Buffer.alloc(1_048_577);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await uploadBackground(ownerCookie, big)).body.m).toBe('文件过大');
  });

  it('validates the title with the Chinese messages', async () => {
    const empty = await call('POST', '/collectionset', ownerCookie, { title: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.m).toBe('请输入收藏集名称');
    const long = await call('POST', '/collectionset', ownerCookie, { title: '长'.repeat(41) });
    expect(long.body.m).toBe('收藏集名称不能超过 40 个字');
  });

  it('needs a signed-in person to create', async () => {
    expect((await call('POST', '/collectionset', null, { title: 'x' })).status).toBe(401);
  });

  it('lets the owner and admins update; others get 403; missing ones 404', async () => {
    const id = await create(ownerCookie);
    const updated = await call('PUT', `/collectionset/${id}`, ownerCookie, { title: '改过的', description: '新描述' });
    expect(updated.status).toBe(200);
    expect(envelopeOf(collectionSchema).parse(updated.body).d).toMatchObject({
      title: '改过的',
      description: '新描述',
    });
    expect((await call('PUT', `/collectionset/${id}`, otherCookie, { title: '抢' })).status).toBe(403);
    expect((await call('PUT', `/collectionset/${id}`, adminCookie, { title: '管理员改' })).status).toBe(200);
    expect((await info(id)).title).toBe('管理员改');
    expect((await call('PUT', `/collectionset/${newId()}`, ownerCookie, { title: 'x' })).status).toBe(404);
    expect((await call('PUT', '/collectionset/nope', ownerCookie, { title: 'x' })).status).toBe(400);
  });

  it('deletes (owner or admin) and gives back every counter it held', async () => {
    const id = await create(ownerCookie);
    const entry = await createEntry(database.db, { userId: other.id });
    await call('PUT', '/addEntry', ownerCookie, { csId: id, entryId: entry.id });
    await call('PUT', '/follow', otherCookie, { csId: id });
    const read = async () => {
      const [o] = await database.db.select().from(users).where(eq(users.id, owner.id));
      const [f] = await database.db.select().from(users).where(eq(users.id, other.id));
      const [e] = await database.db.select().from(entries).where(eq(entries.id, entry.id));
      return {
        owned: o.collectionCount,
        collected: o.collectedEntriesCount,
        followed: f.followedCollectionCount,
        e: e.collectionCount,
      };
    };
    const before = await read();
    expect(before.e).toBe(1);
    expect((await call('DELETE', `/collectionset/${id}`, otherCookie)).status).toBe(403);
    expect((await call('DELETE', `/collectionset/${id}`, ownerCookie)).status).toBe(200);
    const after = await read();
    expect(after).toEqual({
      owned: before.owned - 1,
      collected: before.collected - 1,
      followed: before.followed - 1,
      e: 0,
    });
    expect((await call('GET', `/getCollectionSetInfo?csId=${id}`, null)).status).toBe(404);
    expect((await call('DELETE', `/collectionset/${id}`, ownerCookie)).status).toBe(404);
    const byAdmin = await create(ownerCookie);
    expect((await call('DELETE', `/collectionset/${byAdmin}`, adminCookie)).status).toBe(200);
  });
});

describe('follow and entries', () => {
  it('follows and unfollows; followed and followerCount follow; the owner is notified once', async () => {
    const id = await create(ownerCookie);
    const followed = await call<{ followed: boolean; followerCount: number }>('PUT', '/follow', otherCookie, {
      csId: id,
    });
    expect(followed.body.d).toEqual({ followed: true, followerCount: 1 });
    // Idempotent.
    expect(
      (await call<{ followerCount: number }>('PUT', '/follow', otherCookie, { csId: id })).body.d.followerCount,
    ).toBe(1);
    expect((await info(id, otherCookie)).followed).toBe(true);
    const groups = await database.db.select().from(notifications).where(eq(notifications.collectionId, id));
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ userId: owner.id, type: 'follow_collection', actorIds: [other.id] });
    const unfollowed = await call<{ followed: boolean; followerCount: number }>('PUT', '/unfollow', otherCookie, {
      csId: id,
    });
    expect(unfollowed.body.d).toEqual({ followed: false, followerCount: 0 });
    expect((await call('PUT', '/follow', null, { csId: id })).status).toBe(401);
    expect((await call('PUT', '/follow', otherCookie, { csId: newId() })).status).toBe(404);

    // Following again after unfollowing tells the owner nothing new (issue 12).
    await database.db.update(notifications).set({ read: true }).where(eq(notifications.collectionId, id));
    expect((await call('PUT', '/follow', otherCookie, { csId: id })).status).toBe(200);
    const after = await database.db.select().from(notifications).where(eq(notifications.collectionId, id));
    expect(after).toHaveLength(1);
    expect(after[0].read).toBe(true);
  });

  it('refuses the owner following their own collection', async () => {
    const id = await create(ownerCookie);
    const own = await call('PUT', '/follow', ownerCookie, { csId: id });
    expect([own.status, own.body.m]).toEqual([400, '不能关注自己的收藏集']);
    expect((await info(id, ownerCookie)).followed).toBe(false);
    expect((await info(id, ownerCookie)).followerCount).toBe(0);
  });

  it('adds and removes entries (owner or admin), with isIn, counts, tags and the author notified', async () => {
    const id = await create(ownerCookie);
    const tag = await createTag(database.db, { title: `标签${newId().slice(-6)}` });
    const entry = await createEntry(database.db, { userId: other.id, tagIds: [tag.id] });
    const added = await call('PUT', '/addEntry', ownerCookie, { csId: id, entryId: entry.id });
    expect(added.status).toBe(200);
    expect(envelopeOf(collectResultSchema).parse(added.body).d).toEqual({
      csId: id,
      entryId: entry.id,
      isIn: true,
      entryCount: 1,
      collectionCount: 1,
      collected: true,
    });
    expect((await info(id)).tags.map((t) => t.title)).toEqual([tag.title]);
    const dialog = await call<{ collectionSets: Array<{ id: string; isIn: boolean }> }>(
      'GET',
      `/getUserCollectionSet/${entry.id}`,
      ownerCookie,
    );
    expect(dialog.body.d.collectionSets.find((c) => c.id === id)?.isIn).toBe(true);
    expect(dialog.body.d.collectionSets.filter((c) => c.id !== id).every((c) => !c.isIn)).toBe(true);
    const isIn = await call<{ items: unknown[] }>(
      'GET',
      `/isInMyCollectionSet?entryIds=${entry.id}|${newId()}`,
      ownerCookie,
    );
    expect(isIn.body.d.items).toEqual([
      { entryId: entry.id, isIn: true },
      { entryId: expect.any(String), isIn: false },
    ]);
    const [group] = await database.db.select().from(notifications).where(eq(notifications.entryId, entry.id));
    expect(group).toMatchObject({ userId: other.id, type: 'collect_entry', actorIds: [owner.id] });

    expect((await call('PUT', '/addEntry', otherCookie, { csId: id, entryId: entry.id })).status).toBe(403);
    expect((await call('PUT', '/addEntry', ownerCookie, { csId: id, entryId: newId() })).status).toBe(404);
    expect((await call('PUT', '/addEntry', ownerCookie, { csId: newId(), entryId: entry.id })).status).toBe(404);

    const removed = await call<{ isIn: boolean; entryCount: number; collected: boolean }>(
      'PUT',
      '/delEntry',
      adminCookie,
      {
        csId: id,
        entryId: entry.id,
      },
    );
    expect(removed.body.d).toMatchObject({ isIn: false, entryCount: 0, collected: false });
    expect((await info(id)).tags).toEqual([]);
  });

  it('lists a collection’s entries, newest collected first', async () => {
    const id = await create(ownerCookie);
    const first = await createEntry(database.db, { userId: other.id });
    const second = await createEntry(database.db, { userId: other.id });
    await call('PUT', '/addEntry', ownerCookie, { csId: id, entryId: first.id });
    await call('PUT', '/addEntry', ownerCookie, { csId: id, entryId: second.id });
    const page = await call<{ entrylist: Array<{ id: string }>; total: number }>(
      'GET',
      `/getCollectionSetEntries?csId=${id}&page=0&rankType=new`,
      null,
    );
    expect(page.body.d.total).toBe(2);
    expect(page.body.d.entrylist.map((e) => e.id)).toEqual([second.id, first.id]);
    expect((await call('GET', `/getCollectionSetEntries?csId=${newId()}`, null)).status).toBe(404);
  });
});

describe('hidden entries (issue 16)', () => {
  const hide = (entryId: string) =>
    requestJson(app, '/api/admin/hide', {
      method: 'POST',
      headers: { cookie: adminCookie },
      json: { targetType: 'entry', targetId: entryId, reason: '违规' },
    });
  const restore = (entryId: string) =>
    requestJson(app, '/api/admin/restore', {
      method: 'POST',
      headers: { cookie: adminCookie },
      json: { targetType: 'entry', targetId: entryId },
    });
  const listed = async (id: string) => {
    const page = await call<{ entrylist: Array<{ id: string }>; total: number }>(
      'GET',
      `/getCollectionSetEntries?csId=${id}&page=0&rankType=new`,
      null,
    );
    return { total: page.body.d.total, ids: page.body.d.entrylist.map((e) => e.id) };
  };
  const collectedBy = async (userId: string) =>
    (await database.db.select().from(users).where(eq(users.id, userId)))[0].collectedEntriesCount;

  it('entryCount counts visible entries: hide and restore move it in every collection holding the entry', async () => {
    const first = await create(ownerCookie);
    const second = await create(ownerCookie);
    const kept = await createEntry(database.db, { userId: other.id });
    const hidden = await createEntry(database.db, { userId: other.id });
    for (const csId of [first, second]) {
      for (const entry of [kept, hidden]) await call('PUT', '/addEntry', ownerCookie, { csId, entryId: entry.id });
    }
    expect((await info(first)).entryCount).toBe(2);

    expect((await hide(hidden.id)).status).toBe(200);
    expect((await info(first)).entryCount).toBe(1);
    expect((await info(second)).entryCount).toBe(1);
    expect(await listed(first)).toEqual({ total: 1, ids: [kept.id] });

    expect((await restore(hidden.id)).status).toBe(200);
    expect((await info(first)).entryCount).toBe(2);
    expect((await info(second)).entryCount).toBe(2);
    expect(await listed(first)).toEqual({ total: 2, ids: [hidden.id, kept.id] });
  });

  it('letting go of a hidden entry, deleting it or its collection moves no visible count twice', async () => {
    const csId = await create(ownerCookie);
    const visible = await createEntry(database.db, { userId: other.id });
    const hidden = await createEntry(database.db, { userId: other.id });
    for (const entry of [visible, hidden]) await call('PUT', '/addEntry', ownerCookie, { csId, entryId: entry.id });
    await hide(hidden.id);
    expect((await info(csId)).entryCount).toBe(1);
    const removed = await call<{ entryCount: number }>('PUT', '/delEntry', ownerCookie, { csId, entryId: hidden.id });
    expect(removed.body.d.entryCount).toBe(1);
    await call('PUT', '/addEntry', ownerCookie, { csId, entryId: hidden.id });
    expect((await info(csId)).entryCount).toBe(1);

    // The author deletes the hidden entry: the collection had already stopped counting it.
    const authorCookie = await signIn(app, other);
    const deleted = await requestJson(app, `/api/post/entryDel?entryId=${hidden.id}`, {
      headers: { cookie: authorCookie },
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await info(csId)).entryCount).toBe(1);

    // The owner's collected count keeps every row, hidden ones too: deleting gives all of them back.
    const again = await createEntry(database.db, { userId: other.id });
    await call('PUT', '/addEntry', ownerCookie, { csId, entryId: again.id });
    await hide(again.id);
    const before = await collectedBy(owner.id);
    expect((await call('DELETE', `/collectionset/${csId}`, ownerCookie)).status).toBe(200);
    expect(await collectedBy(owner.id)).toBe(before - 2);
  });
});

describe('lists', () => {
  it('homeCollectionSet: recommended or all, new or hot, by tag, 30 a page', async () => {
    const tag = await createTag(database.db, { title: `热${newId().slice(-6)}` });
    const recommended = await create(ownerCookie, { title: '推荐的' });
    await database.db.update(collections).set({ recommended: true }).where(eq(collections.id, recommended));
    const entry = await createEntry(database.db, { userId: other.id, tagIds: [tag.id] });
    await call('PUT', '/addEntry', ownerCookie, { csId: recommended, entryId: entry.id });
    const all = await call('GET', '/homeCollectionSet?page=0&rankType=new', null);
    const parsed = envelopeOf(collectionPageSchema).parse(all.body).d;
    expect(parsed.collectionSets.length).toBeLessThanOrEqual(30);
    expect(parsed.sum).toBeGreaterThanOrEqual(parsed.collectionSets.length);
    const rec = envelopeOf(collectionPageSchema).parse(
      (await call('GET', '/homeCollectionSet?page=0&recommend=1&rankType=hot', null)).body,
    ).d;
    expect(rec.collectionSets.every((c) => c.recommended)).toBe(true);
    expect(rec.collectionSets.map((c) => c.id)).toContain(recommended);
    const byTag = envelopeOf(collectionPageSchema).parse(
      (await call('GET', `/homeCollectionSet?tag=${encodeURIComponent(tag.title)}`, null)).body,
    ).d;
    expect(byTag.collectionSets.map((c) => c.id)).toEqual([recommended]);
    expect(byTag.sum).toBe(1);
    expect((await call('GET', '/homeCollectionSet?rankType=bad', null)).status).toBe(400);
    const hot = await call<{ tags: Array<{ title: string }> }>('GET', '/getHotTags?count=6', null);
    expect(hot.body.d.tags.length).toBeLessThanOrEqual(6);
    expect(hot.body.d.tags.map((t) => t.title)).toContain(tag.title);
  });

  it('user and followed collections with sum; suggestions for an entry', async () => {
    const person = await createUser(database.db);
    const cookie = await signIn(app, person);
    const mine = await create(cookie, { title: '我的' });
    const theirs = await create(ownerCookie, { title: '别人的' });
    await call('PUT', '/follow', cookie, { csId: theirs });
    const own = await call('GET', `/getUserCollectionSet?targetUserId=${person.id}&page=0&pageSize=10`, null);
    expect(envelopeOf(collectionPageSchema).parse(own.body).d).toMatchObject({ sum: 1 });
    expect((own.body.d as { collectionSets: Array<{ id: string }> }).collectionSets[0].id).toBe(mine);
    const followed = await call(
      'GET',
      `/getFollowedCollectionSet?targetUserId=${person.id}&page=0&pageSize=10`,
      cookie,
    );
    const page = envelopeOf(collectionPageSchema).parse(followed.body).d;
    expect(page.sum).toBe(1);
    expect(page.collectionSets.map((c) => [c.id, c.followed])).toEqual([[theirs, true]]);
    expect((await call('GET', `/getUserCollectionSet?targetUserId=${newId()}`, null)).status).toBe(404);

    const entry = await createEntry(database.db, { userId: person.id });
    await call('PUT', '/addEntry', ownerCookie, { csId: theirs, entryId: entry.id });
    const suggested = await call<{ collectionSets: Array<{ id: string }> }>(
      'GET',
      `/getSuggestCollectionSetInfo?entryId=${entry.id}&entryUserId=${person.id}`,
      null,
    );
    expect(suggested.body.d.collectionSets.map((c) => c.id)).toEqual([theirs, mine]);
  });
});

describe('POST /collectionSet/incr', () => {
  async function incr(cookie: string | null, fields: Record<string, string>) {
    const response = await app.request('/api/collection/collectionSet/incr', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: response.status, body: (await response.json()) as { s: number; m: string; d: { value: number } } };
  }

  it('records the report (src 2) and answers the real counter, never adding to it', async () => {
    const id = await create(ownerCookie);
    await call('PUT', '/follow', otherCookie, { csId: id });
    const report = await incr(otherCookie, { num: '1', event: 'csFollow', csId: id, src: '2' });
    expect(report.status).toBe(200);
    expect(report.body.d.value).toBe(1);
    expect((await info(id)).followerCount).toBe(1);
    const rows = await database.db.select().from(trackingEvents).where(eq(trackingEvents.target, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'csFollow', value: '+1;src=2', userId: other.id });
    expect((await incr(otherCookie, { num: '2', event: 'csFollow', csId: id, src: '2' })).status).toBe(400);
    expect((await incr(otherCookie, { num: '1', event: 'csFollow', csId: id, src: '1' })).status).toBe(400);
    expect((await incr(otherCookie, { num: '1', event: 'nope', csId: id, src: '2' })).status).toBe(400);
    expect((await incr(null, { num: '1', event: 'csPost', csId: id, src: '2' })).status).toBe(401);
    expect((await incr(otherCookie, { num: '1', event: 'csPost', csId: newId(), src: '2' })).status).toBe(404);
    // A deleted collection still reports csNum −1.
    await call('DELETE', `/collectionset/${id}`, ownerCookie);
    expect((await incr(ownerCookie, { num: '-1', event: 'csNum', csId: id, src: '2' })).status).toBe(200);
  });
});

describe('concurrency', () => {
  // Ten sign-ins hash ten passwords: set up in a hook, so the test's time is the 100 writes.
  let entryRows: Array<{ id: string }> = [];
  let followers: Array<{ id: string }> = [];
  let cookies: string[] = [];
  beforeAll(async () => {
    entryRows = await Promise.all(Array.from({ length: 5 }, () => createEntry(database.db, { userId: other.id })));
    followers = await Promise.all(Array.from({ length: 10 }, () => createUser(database.db)));
    cookies = await Promise.all(followers.map((f) => signIn(app, f)));
  });

  it('50 parallel adds/removes and follows/unfollows leave every counter equal to its rows', async () => {
    const id = await create(ownerCookie);
    const ops: Array<Promise<unknown>> = [];
    for (let k = 0; k < 50; k++) {
      const entry = entryRows[k % entryRows.length];
      ops.push(call('PUT', k % 3 === 0 ? '/delEntry' : '/addEntry', ownerCookie, { csId: id, entryId: entry.id }));
      ops.push(call('PUT', k % 4 === 0 ? '/unfollow' : '/follow', cookies[k % cookies.length], { csId: id }));
    }
    const results = (await Promise.all(ops)) as Array<{ status: number }>;
    expect(results.every((r) => r.status === 200)).toBe(true);

    const [check] = rowsOf<Record<string, number>>(
      await database.db.execute(sql`
      SELECT c.entry_count, c.follower_count,
        (SELECT count(*)::int FROM collection_entries WHERE collection_id = c.id) AS entry_rows,
        (SELECT count(*)::int FROM collection_follows WHERE collection_id = c.id) AS follow_rows
      FROM collections c WHERE c.id = ${id}`),
    );
    expect(check.entry_count).toBe(check.entry_rows);
    expect(check.follower_count).toBe(check.follow_rows);
    for (const entry of entryRows) {
      const [row] = rowsOf<Record<string, number>>(
        await database.db.execute(sql`
        SELECT e.collection_count, (SELECT count(*)::int FROM collection_entries WHERE entry_id = e.id) AS n
        FROM entries e WHERE e.id = ${entry.id}`),
      );
      expect(row.collection_count).toBe(row.n);
    }
    for (const follower of followers) {
      const [row] = rowsOf<Record<string, number>>(
        await database.db.execute(sql`
        SELECT u.followed_collection_count, (SELECT count(*)::int FROM collection_follows WHERE user_id = u.id) AS n
        FROM users u WHERE u.id = ${follower.id}`),
      );
      expect(row.followed_collection_count).toBe(row.n);
    }
    const [ownerRow] = rowsOf<Record<string, number>>(
      await database.db.execute(sql`
      SELECT u.collected_entries_count, (SELECT count(*)::int FROM collection_entries ce
        JOIN collections c ON c.id = ce.collection_id WHERE c.user_id = u.id) AS n
      FROM users u WHERE u.id = ${owner.id}`),
    );
    expect(ownerRow.collected_entries_count).toBe(ownerRow.n);
    // Collection tags follow the entries (none here carry tags).
    const tagRows = await database.db.select().from(entryTags).where(eq(entryTags.entryId, entryRows[0].id));
    expect(tagRows).toEqual([]);
  });
});
