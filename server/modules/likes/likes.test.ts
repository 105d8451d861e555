import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GUEST_ID } from '@core/ids.ts';
import type { Database } from '@db/client.ts';
import { entries, entryLikes, notifications } from '@db/schema/index.ts';
import { follows, users } from '@db/schema/users.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createUser, type TestUser } from '../../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { envelopeOf } from '../../http/openapi.ts';
import { entryListSchema } from '../entries/entries.schemas.ts';
import { entryHotScore } from '@db/ranking.ts';
import { likersSchema } from './likes.routes.ts';

let database: Database;
let app: TestApp;
let author: TestUser;

setUpTestApp({ categories: true }, async (opened) => {
  ({ database, app } = opened);
  author = await createUser(database.db);
});

async function entryState(id: string) {
  const [row] = await database.db
    .select({
      likeCount: entries.likeCount,
      hotScore: entries.hotScore,
      expectedScore: sql<number>`${entryHotScore}`,
      searchScore: sql<number>`(select hot_score from entry_search where entry_id = ${entries.id})`,
      rows: sql<number>`(select count(*)::int from ${entryLikes} where ${entryLikes.entryId} = ${entries.id})`,
    })
    .from(entries)
    .where(eq(entries.id, id));
  return row;
}

async function userCounters(id: string) {
  const [row] = await database.db
    .select({ beLiked: users.beLikedCount, liked: users.likedEntriesCount })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

describe('PUT / DELETE / GET /api/like/user/like/entry/{id}', () => {
  it('likes once, notifies the author, and moves every counter only on a real change', async () => {
    const entry = await createEntry(database.db, { userId: author.id });
    const fan = await createUser(database.db);
    const cookie = await signIn(app, fan);
    const path = `/api/like/user/like/entry/${entry.id}`;

    const initial = await requestJson(app, path, { headers: { cookie } });
    expect(initial.body.d).toEqual({ like: false, likeCount: 0 });

    for (let i = 0; i < 2; i++) {
      const liked = await requestJson(app, path, { method: 'PUT', headers: { cookie } });
      expect(liked.status).toBe(200);
      expect(liked.body.d).toEqual({ like: true, likeCount: 1 });
    }
    const state = await entryState(entry.id);
    expect(state.likeCount).toBe(1);
    expect(state.rows).toBe(1);
    expect(state.hotScore).toBeCloseTo(state.expectedScore, 9);
    // Search ranks by its copy of the score, moved in the same transaction.
    expect(state.searchScore).toBe(state.hotScore);
    expect(await userCounters(author.id)).toMatchObject({ beLiked: 1 });
    expect(await userCounters(fan.id)).toMatchObject({ liked: 1 });
    const told = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.type, 'like_entry')));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ entryId: entry.id, actorIds: [fan.id] });

    expect((await requestJson(app, path, { headers: { cookie } })).body.d).toEqual({ like: true, likeCount: 1 });

    for (let i = 0; i < 2; i++) {
      const unliked = await requestJson(app, path, { method: 'DELETE', headers: { cookie } });
      expect(unliked.status).toBe(200);
      expect(unliked.body.d).toEqual({ like: false, likeCount: 0 });
    }
    const after = await entryState(entry.id);
    expect(after.likeCount).toBe(0);
    expect(after.hotScore).toBeCloseTo(after.expectedScore, 9);
    expect(await userCounters(author.id)).toMatchObject({ beLiked: 0 });
    expect(await userCounters(fan.id)).toMatchObject({ liked: 0 });
  });

  it('answers 401 signed out, 400 for a bad id and 404 for a missing entry', async () => {
    const entry = await createEntry(database.db, { userId: author.id });
    const anonymous = await requestJson(app, `/api/like/user/like/entry/${entry.id}`, { method: 'PUT' });
    expect(anonymous.status).toBe(401);
    const cookie = await signIn(app, await createUser(database.db));
    const bad = await requestJson(app, '/api/like/user/like/entry/not-an-id', { method: 'PUT', headers: { cookie } });
    expect(bad.status).toBe(400);
    const missing = await requestJson(app, `/api/like/user/like/entry/${GUEST_ID}`, {
      method: 'PUT',
      headers: { cookie },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.m).toBe('此文章不存在');
    expect((await entryState(entry.id)).likeCount).toBe(0);
  });

  // 50 requests in flight at once: slow on a loaded 2-core machine, hence the longer timeout.
  it('keeps like_count equal to the rows under 50 parallel likes and unlikes', { timeout: 60_000 }, async () => {
    const entry = await createEntry(database.db, { userId: author.id });
    const people = await Promise.all(Array.from({ length: 10 }, () => createUser(database.db)));
    const cookies = await Promise.all(people.map((p) => signIn(app, p)));
    const beLikedBefore = (await userCounters(author.id)).beLiked;
    const calls = Array.from({ length: 50 }, (_, i) =>
      requestJson(app, `/api/like/user/like/entry/${entry.id}`, {
        method: i % 3 === 2 ? 'DELETE' : 'PUT',
        headers: { cookie: cookies[i % cookies.length] },
      }),
    );
    const results = await Promise.all(calls);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const state = await entryState(entry.id);
    expect(state.likeCount).toBe(state.rows);
    expect(state.hotScore).toBeCloseTo(state.expectedScore, 9);
    expect((await userCounters(author.id)).beLiked - beLikedBefore).toBe(state.rows);
    for (const person of people) {
      const [row] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(entryLikes)
        .where(eq(entryLikes.userId, person.id));
      expect((await userCounters(person.id)).liked).toBe(row.n);
    }
  });
});

describe('GET /api/like/user/{id}/like/entry', () => {
  it('lists a user’s liked entries newest like first, keyset paged', async () => {
    const fan = await createUser(database.db);
    const cookie = await signIn(app, fan);
    const liked: string[] = [];
    for (let i = 0; i < 5; i++) {
      const entry = await createEntry(database.db, { userId: author.id });
      await requestJson(app, `/api/like/user/like/entry/${entry.id}`, { method: 'PUT', headers: { cookie } });
      liked.unshift(entry.id);
    }
    const envelope = envelopeOf(entryListSchema);
    const seen: string[] = [];
    let pointer: string | null = null;
    for (let page = 0; page < 5; page++) {
      const before: string = pointer ? `&before=${encodeURIComponent(pointer)}` : '';
      const { status, body } = await requestJson<{
        total: number;
        entrylist: Array<{ id: string }>;
        pointer: string | null;
      }>(app, `/api/like/user/${fan.id}/like/entry?limit=2${before}`);
      expect(status).toBe(200);
      envelope.parse(body);
      expect(body.d.total).toBe(5);
      seen.push(...body.d.entrylist.map((e) => e.id));
      pointer = body.d.pointer;
      if (!pointer) break;
    }
    expect(seen).toEqual(liked);
    const missing = await requestJson(app, `/api/like/user/${GUEST_ID}/like/entry`);
    expect(missing.status).toBe(404);
    const bad = await requestJson(app, `/api/like/user/${fan.id}/like/entry?before=garbage`);
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/like/entry/{id}/user', () => {
  it('lists likers in zero-based pages with isFollow for the viewer', async () => {
    const entry = await createEntry(database.db, { userId: author.id });
    const likers = await Promise.all(Array.from({ length: 3 }, () => createUser(database.db)));
    for (const liker of likers) {
      await requestJson(app, `/api/like/user/like/entry/${entry.id}`, {
        method: 'PUT',
        headers: { cookie: await signIn(app, liker) },
      });
    }
    const viewer = await createUser(database.db);
    await database.db.insert(follows).values({ followerId: viewer.id, followeeId: likers[0].id });
    const viewerCookie = await signIn(app, viewer);
    const first = await requestJson<{ total: number; userList: Array<{ id: string; isFollow: boolean }> }>(
      app,
      `/api/like/entry/${entry.id}/user?page=0&pageSize=2`,
      { headers: { cookie: viewerCookie } },
    );
    expect(first.status).toBe(200);
    envelopeOf(likersSchema).parse(first.body);
    expect(first.body.d.total).toBe(3);
    expect(first.body.d.userList.map((u) => u.id)).toEqual([likers[2].id, likers[1].id]);
    const second = await requestJson<{ userList: Array<{ id: string; isFollow: boolean }> }>(
      app,
      `/api/like/entry/${entry.id}/user?page=1&pageSize=2`,
      { headers: { cookie: viewerCookie } },
    );
    expect(second.body.d.userList).toMatchObject([{ id: likers[0].id, isFollow: true }]);
    const anonymous = await requestJson<{ userList: Array<{ isFollow: boolean }> }>(
      app,
      `/api/like/entry/${entry.id}/user?page=1&pageSize=2`,
    );
    expect(anonymous.body.d.userList[0].isFollow).toBe(false);
    expect((await requestJson(app, `/api/like/entry/${GUEST_ID}/user`)).status).toBe(404);
    expect((await requestJson(app, '/api/like/entry/bad/user')).status).toBe(400);
    expect((await requestJson(app, `/api/like/entry/${entry.id}/user?page=-1`)).status).toBe(400);
  });
});
