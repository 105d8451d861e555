import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@db/client.ts';
import { collections, entries, mutes, notifications, systemNotifications, tagSubscriptions } from '@db/schema/index.ts';
import { GUEST_ID, newId } from '@core/ids.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createTag } from '../../../tests/factories/tags.ts';
import { createUser, type TestUser } from '../../../tests/factories/users.ts';
import { type TestApp, createTestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { envelopeOf } from '../../http/openapi.ts';
import { notificationPageSchema, systemPageSchema, unreadCountsSchema } from './notifications.schemas.ts';
import { type NotificationEvent, notify } from './notifications.service.ts';

let database: Database;
let app: TestApp;
let admin: TestUser;
let adminCookie: string;

setUpTestApp({ categories: true }, async (opened) => {
  ({ database, app } = opened);
  admin = await createUser(database.db, { role: 'admin' });
  adminCookie = await signIn(app, admin);
});

async function person() {
  const user = await createUser(database.db);
  return { user, cookie: await signIn(app, user) };
}

function fire(event: NotificationEvent) {
  return database.db.transaction((tx) => notify({ db: tx }, event));
}

async function get<T>(path: string, cookie: string | null) {
  return requestJson<T>(app, `/api/notification${path}`, { headers: cookie ? { cookie } : {} });
}

async function counts(cookie: string) {
  const { status, body } = await get('/getUserNotificationNum', cookie);
  expect(status).toBe(200);
  return envelopeOf(unreadCountsSchema).parse(body).d;
}

async function groups(cookie: string, before?: string) {
  const { status, body } = await get(`/getUserNotification${before ? `?before=${before}` : ''}`, cookie);
  expect(status, JSON.stringify(body)).toBe(200);
  return envelopeOf(notificationPageSchema).parse(body).d;
}

describe('user notifications', () => {
  it('needs a signed-in person for every call', async () => {
    for (const path of [
      '/getUserNotificationNum',
      '/setUserNotificationNum',
      '/getUserNotification',
      '/getUnreadSystemNotificationNum',
      '/checkAllSystemNotification',
      '/getSystemNotification',
      '/stream',
    ]) {
      expect((await get(path, null)).status, path).toBe(401);
    }
  });

  it('folds three likes on one entry into one group of count 3, one unread', async () => {
    const author = await person();
    const entry = await createEntry(database.db, { userId: author.user.id, title: '我的文章' });
    const likers = await Promise.all([createUser(database.db), createUser(database.db), createUser(database.db)]);
    for (const liker of likers) {
      await fire({ type: 'like_entry', actorId: liker.id, recipientId: author.user.id, entryId: entry.id });
    }
    // Again by the first: no new actor, no new count.
    await fire({ type: 'like_entry', actorId: likers[0].id, recipientId: author.user.id, entryId: entry.id });
    // Own actions are never notified.
    await fire({ type: 'like_entry', actorId: author.user.id, recipientId: author.user.id, entryId: entry.id });
    const page = await groups(author.cookie);
    expect(page.list).toHaveLength(1);
    const [group] = page.list;
    expect(group).toMatchObject({ type: 'like_entry', count: 3, read: false });
    expect(group.entry).toEqual({ id: entry.id, title: '我的文章', type: 'article' });
    expect(group.userList.map((u) => u.id)).toEqual([likers[0].id, likers[2].id, likers[1].id]);
    expect(await counts(author.cookie)).toEqual({ user: 1, system: 0, total: 1 });
  });

  it('pages by the before pointer', async () => {
    const author = await person();
    const actor = await createUser(database.db);
    const entryIds: string[] = [];
    for (let k = 0; k < 23; k++) {
      const entry = await createEntry(database.db, { userId: author.user.id });
      entryIds.push(entry.id);
      await fire({ type: 'like_entry', actorId: actor.id, recipientId: author.user.id, entryId: entry.id });
    }
    const first = await groups(author.cookie);
    expect(first.list).toHaveLength(20);
    expect(first.pointer).not.toBeNull();
    const second = await groups(author.cookie, first.pointer ?? undefined);
    expect(second.list).toHaveLength(3);
    const seen = [...first.list, ...second.list].map((g) => g.entry?.id);
    expect(new Set(seen).size).toBe(23);
    expect(seen).toEqual([...entryIds].reverse());
    expect((await get('/getUserNotification?before=garbage', author.cookie)).status).toBe(400);
    expect((await counts(author.cookie)).user).toBe(23);
  });

  it('read-all marks every group read, sets the count to 0; the next event opens a new group', async () => {
    const author = await person();
    const entry = await createEntry(database.db, { userId: author.user.id });
    const liker = await createUser(database.db);
    await fire({ type: 'like_entry', actorId: liker.id, recipientId: author.user.id, entryId: entry.id });
    await fire({ type: 'follow', actorId: liker.id, recipientId: author.user.id });
    expect((await counts(author.cookie)).user).toBe(2);
    const { body } = await get('/setUserNotificationNum', author.cookie);
    expect(envelopeOf(unreadCountsSchema).parse(body).d).toEqual({ user: 0, system: 0, total: 0 });
    expect((await groups(author.cookie)).list.every((g) => g.read)).toBe(true);
    const other = await createUser(database.db);
    await fire({ type: 'like_entry', actorId: other.id, recipientId: author.user.id, entryId: entry.id });
    const page = await groups(author.cookie);
    expect(page.list).toHaveLength(3);
    expect(page.list[0]).toMatchObject({ read: false, count: 1 });
    expect((await counts(author.cookie)).user).toBe(1);
  });

  it('leaves muted people out: dropped from userList, emptied groups hidden, new events not recorded', async () => {
    const me = await person();
    const entry = await createEntry(database.db, { userId: me.user.id });
    const [muted, friend] = await Promise.all([createUser(database.db), createUser(database.db)]);
    await fire({ type: 'like_entry', actorId: muted.id, recipientId: me.user.id, entryId: entry.id });
    await fire({ type: 'like_entry', actorId: friend.id, recipientId: me.user.id, entryId: entry.id });
    await fire({ type: 'follow', actorId: muted.id, recipientId: me.user.id });
    await database.db.insert(mutes).values({ userId: me.user.id, targetType: 'user', targetId: muted.id });
    const page = await groups(me.cookie);
    expect(page.list).toHaveLength(1);
    expect(page.list[0].userList.map((u) => u.id)).toEqual([friend.id]);
    expect(page.list[0].count).toBe(1);
    const before = await database.db.select().from(notifications).where(eq(notifications.userId, me.user.id));
    await fire({
      type: 'comment_entry',
      actorId: muted.id,
      recipientId: me.user.id,
      entryId: entry.id,
      commentId: newId(),
    });
    const after = await database.db.select().from(notifications).where(eq(notifications.userId, me.user.id));
    expect(after).toHaveLength(before.length);
  });
});

describe('system notifications', () => {
  it('admins send (others 403, signed-out 401, unknown person 404); read-all; pointer pages', async () => {
    const me = await person();
    const send = (cookie: string | null, json: unknown) =>
      requestJson<{ sent: number }>(app, '/api/notification/sendSystemNotification', {
        method: 'POST',
        headers: cookie ? { cookie } : {},
        json,
      });
    expect((await send(me.cookie, { content: 'hi', userId: me.user.id })).status).toBe(403);
    expect((await send(null, { content: 'hi', userId: me.user.id })).status).toBe(401);
    expect((await send(adminCookie, { content: 'hi', userId: newId() })).status).toBe(404);
    const empty = await send(adminCookie, { content: '   ', userId: me.user.id });
    expect(empty.status).toBe(400);
    expect(empty.body.m).toBe('通知内容不能为空');
    for (let k = 0; k < 21; k++) {
      expect((await send(adminCookie, { content: `通知 ${k}`, userId: me.user.id })).body.d.sent).toBe(1);
    }
    const num = await get('/getUnreadSystemNotificationNum', me.cookie);
    expect(envelopeOf(unreadCountsSchema).parse(num.body).d).toEqual({ user: 0, system: 21, total: 21 });
    const first = envelopeOf(systemPageSchema).parse((await get('/getSystemNotification', me.cookie)).body).d;
    expect(first.list).toHaveLength(20);
    expect(first.list[0]).toMatchObject({ type: 'system', check: false, content: '通知 20' });
    const second = envelopeOf(systemPageSchema).parse(
      (await get(`/getSystemNotification?pointer=${first.pointer}`, me.cookie)).body,
    ).d;
    expect(second.list.map((n) => n.content)).toEqual(['通知 0']);
    const checked = await get('/checkAllSystemNotification', me.cookie);
    expect(envelopeOf(unreadCountsSchema).parse(checked.body).d.system).toBe(0);
    const rows = await database.db
      .select()
      .from(systemNotifications)
      .where(and(eq(systemNotifications.userId, me.user.id), eq(systemNotifications.check, false)));
    expect(rows).toEqual([]);
  });

  it('a notice without userId reaches everyone', async () => {
    const me = await person();
    const before = (await counts(me.cookie)).system;
    const { body } = await requestJson<{ sent: number }>(app, '/api/notification/sendSystemNotification', {
      method: 'POST',
      headers: { cookie: adminCookie },
      json: { content: '全站公告' },
    });
    expect(body.d.sent).toBeGreaterThan(1);
    expect((await counts(me.cookie)).system).toBe(before + 1);
  });

  it('a notice with tagTitle reaches the followers of that tag and no one else (audited as tag)', async () => {
    const [follower, other] = [await person(), await person()];
    const tag = await createTag(database.db);
    await database.db.insert(tagSubscriptions).values({ userId: follower.user.id, tagId: tag.id });
    const [followerBefore, otherBefore] = [(await counts(follower.cookie)).system, (await counts(other.cookie)).system];
    const send = (json: unknown) =>
      requestJson<{ sent: number }>(app, '/api/notification/sendSystemNotification', {
        method: 'POST',
        headers: { cookie: adminCookie },
        json,
      });
    const sent = await send({ content: '标签关注者通知', tagTitle: tag.title.toUpperCase() });
    expect(sent.status).toBe(200);
    expect(sent.body.d.sent).toBe(1);
    expect((await counts(follower.cookie)).system).toBe(followerBefore + 1);
    expect((await counts(other.cookie)).system).toBe(otherBefore);
    const unknown = await send({ content: '通知', tagTitle: '没有这个标签' });
    expect([unknown.status, unknown.body.m]).toEqual([404, '此标签不存在']);
    const both = await send({ content: '通知', tagTitle: tag.title, userId: follower.user.id });
    expect([both.status, both.body.m]).toEqual([400, '接收者和标签只能选一个']);
  });
});

/** Reads server-sent events until one `unread` event satisfies `until`. */
async function readUnread(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  buffer: { text: string },
  until: (counts: { user: number; system: number; total: number }) => boolean,
) {
  const decoder = new TextDecoder();
  for (;;) {
    const events = buffer.text.split('\n\n');
    buffer.text = events.pop() ?? '';
    for (const event of events) {
      const lines = event.split('\n');
      if (!lines.includes('event: unread')) continue;
      const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
      const counts = JSON.parse(data ?? '{}');
      if (until(counts)) return counts;
    }
    const { value, done } = await reader.read();
    if (done) throw new Error('stream ended');
    buffer.text += decoder.decode(value, { stream: true });
  }
}

describe('live unread count (server-sent events)', () => {
  it('a write on one instance reaches a stream on another instance over the same database', async () => {
    // A second app process over the same database: its own pool on PostgreSQL; PGlite is one process.
    const pool = (database.db as unknown as { $client: { options?: { connectionString?: string } } }).$client;
    const url = database.driver === 'postgres' ? pool.options?.connectionString : undefined;
    const secondDatabase = url ? await openDatabase({ url, poolSize: 2 }) : database;
    const writer = createTestApp(secondDatabase);
    try {
      const me = await person();
      const response = await app.request('/api/notification/stream', { headers: { cookie: me.cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const buffer = { text: '' };
      expect(await readUnread(reader, buffer, () => true)).toEqual({ user: 0, system: 0, total: 0 });

      // The writer instance: someone follows my collection, through its API.
      const collectionId = newId();
      await database.db.insert(collections).values({ id: collectionId, userId: me.user.id, title: '我的收藏集' });
      const follower = await createUser(database.db);
      const followerCookie = await signIn(writer, follower);
      const followed = await requestJson(writer, '/api/collection/follow', {
        method: 'PUT',
        headers: { cookie: followerCookie },
        json: { csId: collectionId },
      });
      expect(followed.status).toBe(200);
      expect(await readUnread(reader, buffer, (c) => c.user === 1)).toEqual({ user: 1, system: 0, total: 1 });

      // A system notice from an admin on the writer instance.
      const adminOnWriter = await signIn(writer, admin);
      await requestJson(writer, '/api/notification/sendSystemNotification', {
        method: 'POST',
        headers: { cookie: adminOnWriter },
        json: { content: '维护通知', userId: me.user.id },
      });
      expect(await readUnread(reader, buffer, (c) => c.system === 1)).toEqual({ user: 1, system: 1, total: 2 });

      // Read-all on the writer instance brings the reader's count down.
      await requestJson(writer, '/api/notification/setUserNotificationNum', { headers: { cookie: me.cookie } });
      expect(await readUnread(reader, buffer, (c) => c.user === 0)).toEqual({ user: 0, system: 1, total: 1 });
      await reader.cancel();
    } finally {
      if (secondDatabase !== database) await secondDatabase.close();
    }
  });
});

describe('repeated actions tell once (issue 12)', () => {
  async function followAs(follower: { user: TestUser; cookie: string }, followee: string, on: boolean) {
    const { status, body } = await requestJson(app, `/api/follow/${on ? 'follow' : 'unfollow'}`, {
      method: 'POST',
      headers: { cookie: follower.cookie },
      json: { follower: follower.user.id, followee },
    });
    expect(status, JSON.stringify(body)).toBe(200);
  }

  it('follow, unfollow, follow again: one notification, before and after it was read', async () => {
    const followee = await person();
    const fan = await person();
    await followAs(fan, followee.user.id, true);
    await followAs(fan, followee.user.id, false);
    await followAs(fan, followee.user.id, true);
    expect((await counts(followee.cookie)).user).toBe(1);
    let page = await groups(followee.cookie);
    expect(page.list.filter((g) => g.type === 'follow').map((g) => g.count)).toEqual([1]);

    await get('/setUserNotificationNum', followee.cookie);
    for (let i = 0; i < 3; i++) {
      await followAs(fan, followee.user.id, false);
      await followAs(fan, followee.user.id, true);
    }
    expect((await counts(followee.cookie)).user).toBe(0);
    page = await groups(followee.cookie);
    expect(page.list.filter((g) => g.type === 'follow')).toHaveLength(1);

    // Somebody new still rings the bell.
    const other = await person();
    await followAs(other, followee.user.id, true);
    expect((await counts(followee.cookie)).user).toBe(1);
  });

  it('a like taken back and given again refreshes the unread group without counting twice', async () => {
    const author = await person();
    const entry = await createEntry(database.db, { userId: author.user.id });
    const [a, b] = [await person(), await person()];
    const like = (who: { cookie: string }, on: boolean) =>
      requestJson(app, `/api/like/user/like/entry/${entry.id}`, {
        method: on ? 'PUT' : 'DELETE',
        headers: { cookie: who.cookie },
      });
    await like(a, true);
    await like(b, true);
    await like(a, false);
    await like(a, true);
    const page = await groups(author.cookie);
    const likes = page.list.filter((g) => g.type === 'like_entry');
    expect(likes).toHaveLength(1);
    expect(likes[0].count).toBe(2);
    // The repeat moved a to the front of the group.
    expect(likes[0].userList.map((u) => u.id)).toEqual([a.user.id, b.user.id]);
    expect((await counts(author.cookie)).user).toBe(1);
  });
});

describe('what a notification is about may be gone', () => {
  it('shows the spec’s placeholders: 未知文章, 未知收藏集, 未知用户', async () => {
    const me = await person();
    const entry = await createEntry(database.db, { userId: me.user.id, title: '会被删掉的文章' });
    const collectionId = newId();
    await database.db.insert(collections).values({ id: collectionId, userId: me.user.id, title: '会被删掉的收藏集' });
    const liker = await createUser(database.db);
    const leaver = await createUser(database.db);
    await fire({ type: 'like_entry', actorId: liker.id, recipientId: me.user.id, entryId: entry.id });
    await fire({ type: 'follow_collection', actorId: liker.id, recipientId: me.user.id, collectionId });
    await fire({ type: 'follow', actorId: leaver.id, recipientId: me.user.id });

    await database.db.delete(entries).where(eq(entries.id, entry.id));
    await database.db.delete(collections).where(eq(collections.id, collectionId));
    // notification rows outlive their targets; an actor's account may go too (their rows cascade
    // elsewhere, the group keeps the id).
    await database.db
      .update(notifications)
      .set({ actorIds: [leaver.id, newId()] })
      .where(and(eq(notifications.userId, me.user.id), eq(notifications.type, 'follow')));

    const page = await groups(me.cookie);
    const liked = page.list.find((g) => g.type === 'like_entry');
    expect(liked?.entry).toEqual({ id: GUEST_ID, title: '未知文章', type: 'article' });
    const followed = page.list.find((g) => g.type === 'follow_collection');
    expect(followed?.collection).toEqual({ id: GUEST_ID, title: '未知收藏集' });
    const follow = page.list.find((g) => g.type === 'follow');
    expect(follow?.userList.map((u) => u.username)).toEqual([leaver.username, '未知用户']);
  });
});
