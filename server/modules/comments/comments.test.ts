import { eq, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { newId } from '@core/ids.ts';
import type { Database } from '@db/client.ts';
import { entries } from '@db/schema/content.ts';
import { commentLikes, comments, notifications } from '@db/schema/social.ts';
import { users } from '@db/schema/users.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createUser, type TestUser } from '../../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { envelopeOf } from '../../http/openapi.ts';
import { commentListSchema, commentSchema, threadSchema } from './comments.schemas.ts';
import { moveTargetCommentCount } from './comments.queries.ts';
import { DELETED_COMMENT_TEXT } from './comments.service.ts';

let database: Database;
let app: TestApp;
let author: TestUser;
let reader: TestUser;
let other: TestUser;
let admin: TestUser;
const cookies: Record<string, string> = {};

setUpTestApp({ categories: true }, async (opened) => {
  ({ database, app } = opened);
  [author, reader, other] = await Promise.all([
    createUser(database.db),
    createUser(database.db),
    createUser(database.db),
  ]);
  admin = await createUser(database.db, { role: 'admin' });
  for (const u of [author, reader, other, admin]) cookies[u.id] = await signIn(app, u);
});

type Init = Omit<RequestInit, 'body'> & { json?: unknown };

function as(user: TestUser | null, init: Init = {}): Init {
  const headers: Record<string, string> = user ? { cookie: cookies[user.id] } : {};
  return { ...init, headers };
}

async function post(user: TestUser | null, json: Record<string, unknown>) {
  return requestJson<{ commentId: string }>(app, '/api/comment/comment', as(user, { method: 'POST', json }));
}

async function entryCounters(id: string) {
  const [row] = await database.db
    .select({
      commentCount: entries.commentCount,
      latest: entries.latestCommentAt,
      hot: entries.hotScore,
      searchHot: sql<number>`(select hot_score from entry_search where entry_id = ${entries.id})`,
    })
    .from(entries)
    .where(eq(entries.id, id));
  return row;
}

describe('comments on an entry', () => {
  // Two transactions at once need two connections: PostgreSQL's pool (the embedded database has one).
  if (inject('testDatabase').kind === 'postgres')
    it('keeps the latest comment time when a transaction that began earlier comments last', async () => {
      const entry = await createEntry(database.db);
      // Times compared as PostgreSQL keeps the column (milliseconds, rounded), not as Dates (truncated).
      const rows = (result: unknown) => (result as { rows: { at: string }[] }).rows;
      let newer = '';
      await database.db.transaction(async (older) => {
        await older.execute(sql`select 1`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await database.db.transaction(async (tx) => {
          newer = rows(await tx.execute(sql`select now()::timestamptz(3)::text as at`))[0]?.at ?? '';
          await moveTargetCommentCount(tx, 'entry', entry.id, 1);
        });
        await moveTargetCommentCount(older, 'entry', entry.id, 1);
      });
      const [latest] = rows(
        await database.db.execute(sql`select latest_comment_at::text as at from entries where id = ${entry.id}`),
      );
      expect((await entryCounters(entry.id)).commentCount).toBe(2);
      expect(latest?.at).toBe(newer);
    });

  it('submits, lists (new and hot), replies, likes and deletes with exact counters', async () => {
    const entry = await createEntry(database.db, { userId: author.id });
    const before = await entryCounters(entry.id);

    // Signed out: 401; empty content: the spec's message; unknown entry: 404.
    expect((await post(null, { content: 'hi', targetId: entry.id, targetType: 'entry' })).status).toBe(401);
    const empty = await post(reader, { content: '   ', targetId: entry.id, targetType: 'entry' });
    expect(empty.status).toBe(400);
    expect(empty.body.m).toBe('评论内容不能为空');
    expect((await post(reader, { content: 'x', targetId: newId(), targetType: 'entry' })).status).toBe(404);

    const first = await post(reader, { content: '  写得好  ', targetId: entry.id, targetType: 'entry' });
    expect(first.status).toBe(200);
    const firstId = first.body.d.commentId;
    const after = await entryCounters(entry.id);
    expect(after.commentCount).toBe(before.commentCount + 1);
    expect(after.latest).not.toBeNull();
    expect(after.hot).toBeGreaterThan(before.hot);
    expect(after.searchHot).toBe(after.hot);
    const [stored] = await database.db.select().from(comments).where(eq(comments.id, firstId));
    expect(stored.content).toBe('写得好');

    // The author is told; the commenter's commented-entries count moves once per entry.
    const told = await database.db.select().from(notifications).where(eq(notifications.userId, author.id));
    expect(told.map((n) => n.type)).toContain('comment_entry');
    const second = await post(reader, { content: '再评一条', targetId: entry.id, targetType: 'entry' });
    const [readerRow] = await database.db.select().from(users).where(eq(users.id, reader.id));
    expect(readerRow.commentedEntriesCount).toBe(1);

    // A reply with firstComment and respComment, and a reply to the reply.
    const reply = await post(author, {
      content: '谢谢',
      targetId: entry.id,
      targetType: 'entry',
      firstComment: firstId,
      respComment: firstId,
      respUser: reader.id,
    });
    expect(reply.status).toBe(200);
    const reply2 = await post(other, {
      content: '同意',
      targetId: entry.id,
      targetType: 'entry',
      firstComment: firstId,
      respComment: reply.body.d.commentId,
    });
    expect(reply2.status).toBe(200);
    const replyTold = await database.db.select().from(notifications).where(eq(notifications.userId, reader.id));
    expect(replyTold.map((n) => n.type)).toContain('reply');
    // A reply to a comment of another target is 404.
    const elsewhere = await createEntry(database.db, { userId: author.id });
    const wrong = await post(other, {
      content: 'x',
      targetId: elsewhere.id,
      targetType: 'entry',
      firstComment: firstId,
    });
    expect(wrong.status).toBe(404);

    const list = await requestJson(app, `/api/comment/comments/entry/${entry.id}?rankType=new&pageSize=20`, as(reader));
    expect(list.status).toBe(200);
    const page = envelopeOf(commentListSchema).parse(list.body).d;
    expect(page.count).toBe(before.commentCount + 4);
    expect(page.comments.map((c) => c.id)).toEqual([second.body.d.commentId, firstId]);
    const top = page.comments[1];
    expect(top.subCommentCount).toBe(2);
    expect(top.topSubCommentList.map((c) => c.id)).toEqual([reply.body.d.commentId, reply2.body.d.commentId]);
    expect(top.topSubCommentList[1].replyUser?.id).toBe(author.id);

    // new: the oldest createdAt loaded is the cursor.
    const older = await requestJson<{ comments: unknown[] }>(
      app,
      `/api/comment/comments/entry/${entry.id}?rankType=new&pageSize=1&createdAt=${encodeURIComponent(page.comments[0].createdAt)}&lastId=${page.comments[0].id}`,
    );
    expect((older.body.d.comments as Array<{ id: string }>).map((c) => c.id)).toEqual([firstId]);

    // Like (idempotent), then the hot sort ranks it first; unlike.
    for (let i = 0; i < 2; i++) {
      const like = await requestJson<{ likeCount: number }>(
        app,
        `/api/comment/comment/${second.body.d.commentId}/like`,
        as(author, { method: 'PUT' }),
      );
      expect(like.body.d.likeCount).toBe(1);
    }
    expect((await requestJson(app, `/api/comment/comment/${newId()}/like`, as(author, { method: 'PUT' }))).status).toBe(
      404,
    );
    expect((await requestJson(app, `/api/comment/comment/${firstId}/like`, as(null, { method: 'PUT' }))).status).toBe(
      401,
    );
    const likeTold = await database.db.select().from(notifications).where(eq(notifications.userId, reader.id));
    expect(likeTold.map((n) => n.type)).toContain('like_comment');
    const hot = await requestJson<{ comments: Array<{ id: string; liked: boolean }> }>(
      app,
      `/api/comment/comments/entry/${entry.id}?rankType=hot&pageNum=1&pageSize=20`,
      as(author),
    );
    // firstId has 2 replies (hot 6) ahead of one like (hot 2).
    expect(hot.body.d.comments.map((c) => c.id)).toEqual([firstId, second.body.d.commentId]);
    expect(hot.body.d.comments[1].liked).toBe(true);
    const page2 = await requestJson<{ comments: unknown[] }>(
      app,
      `/api/comment/comments/entry/${entry.id}?rankType=hot&pageNum=2&pageSize=20`,
    );
    expect(page2.body.d.comments).toEqual([]);
    const unlike = await requestJson<{ likeCount: number }>(
      app,
      `/api/comment/comment/${second.body.d.commentId}/like`,
      as(author, { method: 'DELETE' }),
    );
    expect(unlike.body.d.likeCount).toBe(0);

    // By ids, and one thread with its replies.
    const byIds = await requestJson<{ comments: Array<{ id: string }> }>(
      app,
      `/api/comment/comments?idList=${reply.body.d.commentId}|${firstId}`,
    );
    expect(byIds.body.d.comments.map((c) => c.id)).toEqual([reply.body.d.commentId, firstId]);
    expect(envelopeOf(commentSchema.array()).safeParse({ ...byIds.body, d: byIds.body.d.comments }).success).toBe(true);
    const thread = await requestJson(
      app,
      `/api/comment/comments/entry/${entry.id}/comment/${firstId}?pageNum=1&pageSize=1`,
    );
    const threadData = envelopeOf(threadSchema).parse(thread.body).d;
    expect(threadData.replies).toHaveLength(1);
    expect(threadData.hasMore).toBe(true);
    expect((await requestJson(app, `/api/comment/comments/entry/${elsewhere.id}/comment/${firstId}`)).status).toBe(404);

    // Delete: others 403, the author may; the thread keeps 此评论已删除 while replies remain.
    expect((await requestJson(app, `/api/comment/comment/${firstId}`, as(other, { method: 'DELETE' }))).status).toBe(
      403,
    );
    expect((await requestJson(app, `/api/comment/comment/${firstId}`, as(reader, { method: 'DELETE' }))).status).toBe(
      200,
    );
    expect((await requestJson(app, `/api/comment/comment/${firstId}`, as(reader, { method: 'DELETE' }))).status).toBe(
      404,
    );
    const afterDelete = await requestJson<{
      count: number;
      comments: Array<{ id: string; content: string; deleted: boolean }>;
    }>(app, `/api/comment/comments/entry/${entry.id}`);
    expect(afterDelete.body.d.count).toBe(before.commentCount + 3);
    const ghost = afterDelete.body.d.comments.find((c) => c.id === firstId);
    expect(ghost?.content).toBe(DELETED_COMMENT_TEXT);
    expect(ghost?.deleted).toBe(true);
    // An admin deletes anyone's comment; a deleted comment without replies leaves the list.
    expect(
      (await requestJson(app, `/api/comment/comment/${second.body.d.commentId}`, as(admin, { method: 'DELETE' })))
        .status,
    ).toBe(200);
    const [readerAfter] = await database.db.select().from(users).where(eq(users.id, reader.id));
    expect(readerAfter.commentedEntriesCount).toBe(0);
    const last = await requestJson<{ comments: Array<{ id: string }> }>(app, `/api/comment/comments/entry/${entry.id}`);
    expect(last.body.d.comments.map((c) => c.id)).toEqual([firstId]);
    const counters = await entryCounters(entry.id);
    const [live] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .where(sql`${comments.targetId} = ${entry.id} and not ${comments.deleted}`);
    expect(counters.commentCount).toBe(live.n);
  });

  it('hides the comments of muted people from the muter only', async () => {
    const entry = await createEntry(database.db, { userId: author.id });
    await post(other, { content: '被屏蔽的人', targetId: entry.id, targetType: 'entry' });
    await post(reader, { content: '正常评论', targetId: entry.id, targetType: 'entry' });
    const mute = await requestJson(
      app,
      '/api/user/mute',
      as(author, { method: 'POST', json: { targetType: 'user', targetId: other.id } }),
    );
    expect(mute.status).toBe(200);
    const seen = await requestJson<{ comments: Array<{ user: { id: string } }> }>(
      app,
      `/api/comment/comments/entry/${entry.id}`,
      as(author),
    );
    expect(seen.body.d.comments.map((c) => c.user.id)).toEqual([reader.id]);
    const others = await requestJson<{ comments: unknown[] }>(
      app,
      `/api/comment/comments/entry/${entry.id}`,
      as(reader),
    );
    expect(others.body.d.comments).toHaveLength(2);
    await requestJson(
      app,
      '/api/user/unmute',
      as(author, { method: 'POST', json: { targetType: 'user', targetId: other.id } }),
    );
    const again = await requestJson<{ comments: unknown[] }>(
      app,
      `/api/comment/comments/entry/${entry.id}`,
      as(author),
    );
    expect(again.body.d.comments).toHaveLength(2);
  });

  it('keeps like counts equal to their rows under 50 parallel likes and unlikes', { timeout: 60_000 }, async () => {
    const entry = await createEntry(database.db, { userId: author.id });
    const created = await post(reader, { content: '并发', targetId: entry.id, targetType: 'entry' });
    const id = created.body.d.commentId;
    const likers = await Promise.all(Array.from({ length: 25 }, () => createUser(database.db)));
    const likerCookies = await Promise.all(likers.map((u) => signIn(app, u)));
    // Each liker likes twice and unlikes once, all at once: 50 likes and 25 unlikes in flight.
    const calls = likerCookies.flatMap((cookie, i) => [
      requestJson(app, `/api/comment/comment/${id}/like`, { method: 'PUT', headers: { cookie } }),
      requestJson(app, `/api/comment/comment/${id}/like`, { method: 'PUT', headers: { cookie } }),
      ...(i % 2 === 0
        ? [requestJson(app, `/api/comment/comment/${id}/like`, { method: 'DELETE', headers: { cookie } })]
        : []),
    ]);
    const results = await Promise.all(calls);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const [row] = await database.db.select({ likeCount: comments.likeCount }).from(comments).where(eq(comments.id, id));
    const [likes] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(commentLikes)
      .where(eq(commentLikes.commentId, id));
    expect(row.likeCount).toBe(likes.n);
  });
});
