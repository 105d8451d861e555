import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '@core/ids.ts';
import type { Database } from '@db/client.ts';
import { uploads } from '@db/schema/content.ts';
import { comments, notifications, pinLikes, pins } from '@db/schema/social.ts';
import { follows, users } from '@db/schema/users.ts';
import { createUser, type TestUser } from '../../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { envelopeOf } from '../../http/openapi.ts';
import { pinSchema } from './pins.routes.ts';

let database: Database;
let app: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const cookies: Record<string, string> = {};

setUpTestApp({}, async (opened) => {
  ({ database, app } = opened);
  [alice, bob, carol] = await Promise.all([createUser(database.db), createUser(database.db), createUser(database.db)]);
  for (const u of [alice, bob, carol]) cookies[u.id] = await signIn(app, u);
});

type Init = Omit<RequestInit, 'body'> & { json?: unknown };

function as(user: TestUser | null, init: Init = {}): Init {
  const headers: Record<string, string> = user ? { cookie: cookies[user.id] } : {};
  return { ...init, headers };
}

type Pin = ReturnType<typeof pinSchema.parse>;

async function publish(user: TestUser | null, json: Record<string, unknown>) {
  return requestJson<Pin>(app, '/api/pin/publish', as(user, { method: 'POST', json }));
}

describe('pins', () => {
  it('publishes with own images only, reads, lists and deletes', async () => {
    expect((await publish(null, { content: 'hi' })).status).toBe(401);
    const empty = await publish(alice, { content: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.m).toBe('沸点内容不能为空');
    const long = await publish(alice, { content: 'x'.repeat(1001) });
    expect(long.body.m).toBe('沸点内容不能超过1000字');
    const tooMany = await publish(alice, {
      content: 'x',
      picList: Array.from({ length: 10 }, (_, i) => `/u/${i}.webp`),
    });
    expect(tooMany.status).toBe(400);
    // An image that is not the author's upload is refused.
    const [upload] = await database.db
      .insert(uploads)
      .values({
        id: newId(),
        userId: alice.id,
        purpose: 'pin',
        storageKey: 'pin/a.webp',
        url: '/uploads/pin/a.webp',
        mime: 'image/webp',
        bytes: 10,
        width: 1,
        height: 1,
      })
      .returning();
    expect((await publish(bob, { content: 'x', picList: [upload.url] })).status).toBe(400);

    const created = await publish(alice, { content: '  今天发布了新版本  ', picList: [upload.url] });
    expect(created.status).toBe(200);
    const pin = envelopeOf(pinSchema).parse(created.body).d;
    expect(pin.content).toBe('今天发布了新版本');
    expect(pin.imageUrlList).toEqual([upload.url]);
    const [aliceRow] = await database.db.select().from(users).where(eq(users.id, alice.id));
    expect(aliceRow.pinCount).toBe(1);

    const read = await requestJson<Pin>(app, `/api/pin/getByID?msgId=${pin.id}`);
    expect(read.body.d.id).toBe(pin.id);
    expect((await requestJson(app, `/api/pin/getByID?msgId=${newId()}`)).status).toBe(404);
    expect((await requestJson(app, '/api/pin/getByID?msgId=bad')).status).toBe(400);

    const newest = await requestJson<{ pins: Pin[] }>(app, '/api/pin/list?sort=newest');
    expect(newest.body.d.pins.map((p) => p.id)).toContain(pin.id);
    expect((await requestJson(app, '/api/pin/list?sort=following')).status).toBe(401);

    // Delete: others 403, the author may.
    const gone = await publish(alice, { content: '要删除的' });
    expect(
      (await requestJson(app, '/api/pin/delete', as(bob, { method: 'POST', json: { msgId: gone.body.d.id } }))).status,
    ).toBe(403);
    expect(
      (await requestJson(app, '/api/pin/delete', as(alice, { method: 'POST', json: { msgId: gone.body.d.id } })))
        .status,
    ).toBe(200);
    expect(
      (await requestJson(app, '/api/pin/delete', as(alice, { method: 'POST', json: { msgId: gone.body.d.id } })))
        .status,
    ).toBe(404);
  });

  it('pages newest and hot with a keyset pointer and the following feed', async () => {
    const author = await createUser(database.db);
    const cookie = await signIn(app, author);
    for (let i = 0; i < 5; i++) {
      await requestJson(app, '/api/pin/publish', {
        method: 'POST',
        headers: { cookie },
        json: { content: `第${i}条` },
      });
    }
    for (const sort of ['newest', 'hot']) {
      const seen: string[] = [];
      let pointer: string | null = null;
      for (let n = 0; n < 50; n++) {
        const query: string = `/api/pin/list?sort=${sort}&limit=2&uid=${author.id}${pointer ? `&before=${encodeURIComponent(pointer)}` : ''}`;
        const page = await requestJson<{ pins: Pin[]; pointer: string | null }>(app, query);
        seen.push(...page.body.d.pins.map((p) => p.id));
        pointer = page.body.d.pointer;
        if (!pointer) break;
      }
      expect(seen).toHaveLength(5);
      expect(new Set(seen).size).toBe(5);
    }
    await database.db.insert(follows).values({ followerId: carol.id, followeeId: author.id });
    const following = await requestJson<{ pins: Pin[] }>(app, '/api/pin/list?sort=following', as(carol));
    expect(following.body.d.pins.every((p) => p.user.id === author.id || p.user.id === carol.id)).toBe(true);
    expect(following.body.d.pins).toHaveLength(5);
    // Muted people's pins leave the muter's feeds.
    await requestJson(
      app,
      '/api/user/mute',
      as(carol, { method: 'POST', json: { targetType: 'user', targetId: author.id } }),
    );
    const muted = await requestJson<{ pins: Pin[] }>(app, '/api/pin/list?sort=newest&limit=50', as(carol));
    expect(muted.body.d.pins.some((p) => p.user.id === author.id)).toBe(false);
  });

  it('likes, comments and replies through the comment service, with notifications', async () => {
    const created = await publish(alice, { content: '来评论吧' });
    const msgId = created.body.d.id;
    const like = await requestJson<{ liked: boolean; likeCount: number }>(
      app,
      '/api/pin/like',
      as(bob, { method: 'POST', json: { msgId } }),
    );
    expect(like.body.d).toEqual({ liked: true, likeCount: 1 });
    expect((await requestJson(app, '/api/pin/like', as(null, { method: 'POST', json: { msgId } }))).status).toBe(401);
    expect(
      (await requestJson(app, '/api/pin/like', as(bob, { method: 'POST', json: { msgId: newId() } }))).status,
    ).toBe(404);
    const read = await requestJson<Pin>(app, `/api/pin/getByID?msgId=${msgId}`, as(bob));
    expect(read.body.d.liked).toBe(true);

    const comment = await requestJson<{ commentId: string }>(
      app,
      '/api/comment/comment',
      as(bob, { method: 'POST', json: { content: '厉害', targetId: msgId, targetType: 'pin' } }),
    );
    expect(comment.status).toBe(200);
    const reply = await requestJson<{ commentId: string }>(
      app,
      '/api/comment/comment',
      as(alice, {
        method: 'POST',
        json: {
          content: '谢谢',
          targetId: msgId,
          targetType: 'pin',
          firstComment: comment.body.d.commentId,
          respComment: comment.body.d.commentId,
        },
      }),
    );
    expect(reply.status).toBe(200);
    const [row] = await database.db.select().from(pins).where(eq(pins.id, msgId));
    expect(row.commentCount).toBe(2);
    const list = await requestJson<{ count: number; comments: Array<{ id: string; topSubCommentList: unknown[] }> }>(
      app,
      `/api/pin/comments/${msgId}?rankType=hot&pageNum=1&pageSize=20`,
    );
    expect(list.body.d.count).toBe(2);
    expect(list.body.d.comments[0].topSubCommentList).toHaveLength(1);
    const replies = await requestJson<{ replies: Array<{ id: string }> }>(
      app,
      `/api/pin/reply/${comment.body.d.commentId}`,
    );
    expect(replies.body.d.replies.map((r) => r.id)).toEqual([reply.body.d.commentId]);
    expect((await requestJson(app, `/api/pin/reply/${newId()}`)).status).toBe(404);
    expect((await requestJson(app, `/api/pin/comments/${newId()}`)).status).toBe(404);

    const told = await database.db
      .select({ type: notifications.type })
      .from(notifications)
      .where(eq(notifications.userId, alice.id));
    expect(told.map((n) => n.type)).toEqual(expect.arrayContaining(['like_pin', 'comment_pin']));

    const unlike = await requestJson<{ likeCount: number }>(
      app,
      '/api/pin/unlike',
      as(bob, { method: 'POST', json: { msgId } }),
    );
    expect(unlike.body.d.likeCount).toBe(0);
    // Deleting the pin takes its comments along.
    await requestJson(app, '/api/pin/delete', as(alice, { method: 'POST', json: { msgId } }));
    const left = await database.db.select().from(comments).where(eq(comments.targetId, msgId));
    expect(left).toEqual([]);
  });

  it('keeps like counts equal to their rows under 50 parallel likes and unlikes', { timeout: 60_000 }, async () => {
    const created = await publish(alice, { content: '并发点赞' });
    const msgId = created.body.d.id;
    const likers = await Promise.all(Array.from({ length: 25 }, () => createUser(database.db)));
    const likerCookies = await Promise.all(likers.map((u) => signIn(app, u)));
    const calls = likerCookies.flatMap((cookie, i) => [
      requestJson(app, '/api/pin/like', { method: 'POST', headers: { cookie }, json: { msgId } }),
      requestJson(app, '/api/pin/like', { method: 'POST', headers: { cookie }, json: { msgId } }),
      ...(i % 2 === 0
        ? [requestJson(app, '/api/pin/unlike', { method: 'POST', headers: { cookie }, json: { msgId } })]
        : []),
    ]);
    const results = await Promise.all(calls);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const [row] = await database.db.select({ likeCount: pins.likeCount }).from(pins).where(eq(pins.id, msgId));
    const [likes] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pinLikes)
      .where(eq(pinLikes.pinId, msgId));
    expect(row.likeCount).toBe(likes.n);
  });
});
