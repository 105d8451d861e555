import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '@core/ids.ts';
import type { Database } from '@db/client.ts';
import { entryLikes } from '@db/schema/content.ts';
import { notifications } from '@db/schema/social.ts';
import { follows, users } from '@db/schema/users.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createTag } from '../../../tests/factories/tags.ts';
import { createUser, type TestUser, viewerOf } from '../../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { envelopeOf } from '../../http/openapi.ts';
import { getUserProfile, listUserEntries, listUserLog, listUserTags } from '../profiles/profiles.service.ts';
import { followUserSchema } from './follows.schemas.ts';
import { z } from '../../http/openapi.ts';

let database: Database;
let app: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let admin: TestUser;
const cookies: Record<string, string> = {};

setUpTestApp({ categories: true }, async (opened) => {
  ({ database, app } = opened);
  [alice, bob, carol] = await Promise.all([createUser(database.db), createUser(database.db), createUser(database.db)]);
  admin = await createUser(database.db, { role: 'admin' });
  for (const u of [alice, bob, carol, admin]) cookies[u.id] = await signIn(app, u);
});

type Init = Omit<RequestInit, 'body'> & { json?: unknown };

function as(user: TestUser | null, init: Init = {}): Init {
  const headers: Record<string, string> = user ? { cookie: cookies[user.id] } : {};
  return { ...init, headers };
}

async function counts(id: string) {
  const [row] = await database.db
    .select({ followers: users.followerCount, following: users.followingCount })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

const follow = (who: TestUser | null, follower: string, followee: string) =>
  requestJson<{ followingCount: number }>(
    app,
    '/api/follow/follow',
    as(who, { method: 'POST', json: { follower, followee } }),
  );
const unfollow = (who: TestUser | null, follower: string, followee: string) =>
  requestJson<{ followingCount: number }>(
    app,
    '/api/follow/unfollow',
    as(who, { method: 'POST', json: { follower, followee } }),
  );

describe('follows', () => {
  it('follows and unfollows as oneself only, with exact counts and a notification', async () => {
    expect((await follow(null, alice.id, bob.id)).status).toBe(401);
    const forbidden = await follow(carol, alice.id, bob.id);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.s).toBe(3);
    expect((await follow(alice, alice.id, newId())).status).toBe(404);
    expect((await follow(alice, alice.id, alice.id)).status).toBe(400);

    const done = await follow(alice, alice.id, bob.id);
    expect(done.status).toBe(200);
    expect(done.body.d.followingCount).toBe(1);
    expect((await follow(alice, alice.id, bob.id)).body.d.followingCount).toBe(1);
    expect(await counts(bob.id)).toMatchObject({ followers: 1 });
    const told = await database.db.select().from(notifications).where(eq(notifications.userId, bob.id));
    expect(told.map((n) => n.type)).toEqual(['follow']);

    const followed = await requestJson<Record<string, boolean>>(
      app,
      `/api/follow/isCurrentUserFollowed?currentUid=${alice.id}&targetUids=${bob.id}|${carol.id}`,
      as(alice),
    );
    expect(followed.body.d).toEqual({ [bob.id]: true, [carol.id]: false });
    expect(
      (
        await requestJson(
          app,
          `/api/follow/isCurrentUserFollowed?currentUid=${alice.id}&targetUids=${bob.id}`,
          as(carol),
        )
      ).status,
    ).toBe(403);

    const info = await requestJson(app, `/api/follow/getUserFollowInfo?uid=${bob.id}`);
    expect(info.body.d).toEqual({ followerNum: 1, followeeNum: 0 });
    expect((await requestJson(app, `/api/follow/getUserFollowInfo?uid=${newId()}`)).status).toBe(404);

    // Many at once, ids joined by a bar; an admin may act for anyone.
    const many = await follow(admin, carol.id, `${alice.id}|${bob.id}`);
    expect(many.status).toBe(200);
    expect(many.body.d.followingCount).toBe(2);

    const out = await unfollow(alice, alice.id, bob.id);
    expect(out.body.d.followingCount).toBe(0);
    expect((await unfollow(bob, alice.id, bob.id)).status).toBe(403);
    expect(await counts(bob.id)).toMatchObject({ followers: 1 });
  });

  it('lists followers and followees newest first with a before cursor', async () => {
    const star = await createUser(database.db);
    const fans = await Promise.all(Array.from({ length: 5 }, () => createUser(database.db)));
    for (const fan of fans) {
      const cookie = await signIn(app, fan);
      await requestJson(app, '/api/follow/follow', {
        method: 'POST',
        headers: { cookie },
        json: { follower: fan.id, followee: star.id },
      });
    }
    await follow(alice, alice.id, fans[0].id);
    const seen: string[] = [];
    let pointer: string | null = null;
    for (let n = 0; n < 10; n++) {
      const path: string = `/api/follow/getUserFollowerList?uid=${star.id}&limit=2${pointer ? `&before=${encodeURIComponent(pointer)}` : ''}`;
      const page = await requestJson<{ list: Array<{ id: string; isFollow: boolean }>; pointer: string | null }>(
        app,
        path,
        as(alice),
      );
      expect(
        envelopeOf(z.object({ list: z.array(followUserSchema), pointer: z.string().nullable() })).safeParse(page.body)
          .success,
      ).toBe(true);
      seen.push(...page.body.d.list.map((u) => u.id));
      if (page.body.d.list.some((u) => u.id === fans[0].id)) {
        expect(page.body.d.list.find((u) => u.id === fans[0].id)?.isFollow).toBe(true);
      }
      pointer = page.body.d.pointer;
      if (!pointer) break;
    }
    expect(seen).toEqual([...fans].reverse().map((f) => f.id));
    const followees = await requestJson<{ list: Array<{ id: string }> }>(
      app,
      `/api/follow/getUserFolloweeList?uid=${fans[2].id}`,
    );
    expect(followees.body.d.list.map((u) => u.id)).toEqual([star.id]);
    expect((await requestJson(app, `/api/follow/getUserFolloweeList?uid=${newId()}`)).status).toBe(404);
  });

  it('keeps follow counts equal to their rows under 50 parallel follows and unfollows', {
    timeout: 60_000,
  }, async () => {
    const star = await createUser(database.db);
    const fans = await Promise.all(Array.from({ length: 25 }, () => createUser(database.db)));
    const fanCookies = await Promise.all(fans.map((u) => signIn(app, u)));
    const starCookie = await signIn(app, star);
    const calls = fans.flatMap((fan, i) => {
      const cookie = fanCookies[i];
      const body = { follower: fan.id, followee: star.id };
      return [
        requestJson(app, '/api/follow/follow', { method: 'POST', headers: { cookie }, json: body }),
        requestJson(app, '/api/follow/follow', { method: 'POST', headers: { cookie }, json: body }),
        ...(i % 2 === 0
          ? [requestJson(app, '/api/follow/unfollow', { method: 'POST', headers: { cookie }, json: body })]
          : []),
        // The star follows back at the same time: crossing follows must not deadlock.
        requestJson(app, '/api/follow/follow', {
          method: 'POST',
          headers: { cookie: starCookie },
          json: { follower: star.id, followee: fan.id },
        }),
      ];
    });
    const results = await Promise.all(calls);
    expect(results.every((r) => r.status === 200)).toBe(true);
    for (const id of [star.id, ...fans.map((f) => f.id)]) {
      const [row] = await database.db
        .select({
          followers: users.followerCount,
          following: users.followingCount,
          followerRows: sql<number>`(select count(*)::int from ${follows} where ${follows.followeeId} = ${id})`,
          followingRows: sql<number>`(select count(*)::int from ${follows} where ${follows.followerId} = ${id})`,
        })
        .from(users)
        .where(eq(users.id, id));
      expect(row.followers).toBe(row.followerRows);
      expect(row.following).toBe(row.followingRows);
    }
    expect((await counts(star.id)).following).toBe(25);
  });
});

describe('people', () => {
  it('answers get_multi_user with public columns only', async () => {
    const res = await requestJson<Record<string, Record<string, unknown>>>(
      app,
      `/api/user/get_multi_user?ids=${alice.id}|${bob.id}&cols=username|email|followerCount`,
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.d).sort()).toEqual([alice.id, bob.id].sort());
    expect(res.body.d[alice.id]).not.toHaveProperty('email');
    expect(res.body.d[alice.id]).toHaveProperty('username', alice.username);
    expect((await requestJson(app, '/api/user/get_multi_user?ids=nope')).status).toBe(400);
  });

  it('answers the User counters of SPEC §3 (both spellings), self, and purchases only to the person', async () => {
    const person = await createUser(database.db, {
      followerCount: 3,
      followingCount: 4,
      collectionCount: 2,
      followedCollectionCount: 5,
      wroteBookCount: 1,
      boughtBookCount: 6,
      collectedEntriesCount: 7,
      commentedEntriesCount: 8,
      viewedEntriesCount: 9,
      totalHotIndex: 10,
    });
    const cookie = await signIn(app, person);
    type Users = Record<string, Record<string, unknown>>;
    const asked = (c: string | null) =>
      requestJson<Users>(app, `/api/user/get_multi_user?ids=${person.id}`, c ? { headers: { cookie: c } } : {});
    const mine = (await asked(cookie)).body.d[person.id];
    expect(mine).toMatchObject({
      followerCount: 3,
      followersCount: 3,
      followingCount: 4,
      followeesCount: 4,
      collectionCount: 2,
      totalCollectionsCount: 7,
      wroteBookCount: 1,
      bookletCount: 1,
      boughtBookCount: 6,
      purchasedBookletCount: 6,
      collectedEntriesCount: 7,
      commentedEntriesCount: 8,
      viewedEntriesCount: 9,
      totalHotIndex: 10,
      self: true,
      followed: false,
    });
    const seen = (await asked(null)).body.d[person.id];
    expect(seen).toMatchObject({ self: false, followersCount: 3, totalCollectionsCount: 7 });
    expect(seen).not.toHaveProperty('boughtBookCount');
    expect(seen).not.toHaveProperty('purchasedBookletCount');
    const narrowed = (await requestJson<Users>(app, `/api/user/get_multi_user?ids=${person.id}&cols=followeesCount`))
      .body.d[person.id];
    expect(narrowed).toEqual({ id: person.id, followeesCount: 4, followed: false, self: false });
  });

  it('suggests up to 4 authors of a category the viewer does not follow', async () => {
    const writers = await Promise.all(Array.from({ length: 6 }, () => createUser(database.db)));
    for (const w of writers) await createEntry(database.db, { userId: w.id, category: 'design' });
    await follow(alice, alice.id, writers[0].id);
    const res = await requestJson<{ list: Array<{ id: string }> }>(
      app,
      '/api/suggest/getByTag?tag=design&t=1',
      as(alice),
    );
    expect(res.status).toBe(200);
    expect(res.body.d.list).toHaveLength(4);
    expect(res.body.d.list.map((u) => u.id)).not.toContain(writers[0].id);
    expect((await requestJson(app, '/api/suggest/getByTag?tag=nothing')).status).toBe(404);
  });

  it('lists a person’s activity newest first', async () => {
    const person = await createUser(database.db);
    const cookie = await signIn(app, person);
    const entry = await createEntry(database.db, { userId: person.id });
    const liked = await createEntry(database.db);
    await database.db.insert(entryLikes).values({ userId: person.id, entryId: liked.id });
    await requestJson(app, '/api/follow/follow', {
      method: 'POST',
      headers: { cookie },
      json: { follower: person.id, followee: alice.id },
    });
    await requestJson(app, '/api/pin/publish', { method: 'POST', headers: { cookie }, json: { content: '一条沸点' } });
    await requestJson(app, '/api/comment/comment', {
      method: 'POST',
      headers: { cookie },
      json: { content: '评论', targetId: liked.id, targetType: 'entry' },
    });
    const kinds: string[] = [];
    let pointer: string | null = null;
    for (let n = 0; n < 10; n++) {
      const path: string = `/api/user/getUserLog?uid=${person.id}&limit=2${pointer ? `&before=${encodeURIComponent(pointer)}` : ''}`;
      const page = await requestJson<{
        list: Array<{ kind: string; entry: { id: string } | null }>;
        pointer: string | null;
      }>(app, path);
      expect(page.status).toBe(200);
      kinds.push(...page.body.d.list.map((i) => i.kind));
      pointer = page.body.d.pointer;
      if (!pointer) break;
    }
    expect(kinds.sort()).toEqual(['comment', 'entry', 'follow', 'like', 'pin']);
    expect(entry.id).toBeTruthy();
    expect((await requestJson(app, `/api/user/getUserLog?uid=${newId()}`)).status).toBe(404);
  });

  it('mutes and unmutes people and tags', async () => {
    expect(
      (
        await requestJson(
          app,
          '/api/user/mute',
          as(null, { method: 'POST', json: { targetType: 'user', targetId: bob.id } }),
        )
      ).status,
    ).toBe(401);
    expect(
      (
        await requestJson(
          app,
          '/api/user/mute',
          as(alice, { method: 'POST', json: { targetType: 'user', targetId: alice.id } }),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await requestJson(
          app,
          '/api/user/mute',
          as(alice, { method: 'POST', json: { targetType: 'user', targetId: newId() } }),
        )
      ).status,
    ).toBe(404);
    const tag = await createTag(database.db);
    await requestJson(
      app,
      '/api/user/mute',
      as(alice, { method: 'POST', json: { targetType: 'user', targetId: bob.id } }),
    );
    await requestJson(
      app,
      '/api/user/mute',
      as(alice, { method: 'POST', json: { targetType: 'tag', targetId: tag.id } }),
    );
    const list = await requestJson<{ list: Array<{ targetType: string; targetId: string }> }>(
      app,
      '/api/user/mutes',
      as(alice),
    );
    expect(list.body.d.list.map((m) => m.targetId).sort()).toEqual([bob.id, tag.id].sort());
    const profile = await getUserProfile(
      {
        db: database.db,
        viewer: viewerOf(alice),
      },
      bob.id,
    );
    expect(profile.muted).toBe(true);
    await requestJson(
      app,
      '/api/user/unmute',
      as(alice, { method: 'POST', json: { targetType: 'user', targetId: bob.id } }),
    );
    const after = await requestJson<{ list: unknown[] }>(app, '/api/user/mutes?targetType=user', as(alice));
    expect(after.body.d.list).toEqual([]);
  });

  it('serves the profile and its tabs', async () => {
    const person = await createUser(database.db, { jobTitle: '前端工程师' });
    await createEntry(database.db, { userId: person.id });
    await createEntry(database.db, { userId: person.id, originalUrl: 'https://example.com/a' });
    const profile = await getUserProfile({ db: database.db, viewer: null }, person.id);
    expect(profile).toMatchObject({ id: person.id, jobTitle: '前端工程师', self: false, followed: false });
    await expect(getUserProfile({ db: database.db, viewer: null }, newId())).rejects.toMatchObject({ status: 404 });
    const articles = await listUserEntries({ db: database.db, viewer: null }, { uid: person.id, kind: 'article' });
    const shares = await listUserEntries({ db: database.db, viewer: null }, { uid: person.id, kind: 'share' });
    expect(articles.entrylist).toHaveLength(1);
    expect(shares.entrylist).toHaveLength(1);
    expect(shares.entrylist[0].originalUrl).toBe('https://example.com/a');
    expect((await listUserTags({ db: database.db }, { uid: person.id })).tagList).toEqual([]);
  });
});

describe('activity log paging', () => {
  it('pages through activities of the same millisecond without skipping or repeating one', async () => {
    const person = await createUser(database.db);
    const at = new Date('2026-03-01T08:00:00.000Z');
    const written = await Promise.all(
      [0, 1, 2].map(() => createEntry(database.db, { userId: person.id, createdAt: at })),
    );
    const liked = await Promise.all([0, 1, 2, 3, 4, 5].map(() => createEntry(database.db)));
    await database.db
      .insert(entryLikes)
      .values(liked.map((e) => ({ userId: person.id, entryId: e.id, createdAt: at })));
    const seen: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 8; page++) {
      const { list, pointer } = await listUserLog(
        { db: database.db, viewer: null },
        { uid: person.id, limit: 2, before },
      );
      seen.push(...list.map((item) => item.key));
      if (!pointer) break;
      before = pointer;
    }
    const expected = [...written.map((e) => `entry:${e.id}`), ...liked.map((e) => `like:${e.id}`)];
    expect(seen.sort()).toEqual(expected.sort());
  });
});
