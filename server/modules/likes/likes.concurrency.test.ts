import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { users } from '@db/schema/users.ts';
import { createJobQueue } from '../../jobs/queue.ts';
import { ensureCategories } from '../../../tests/factories/categories.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { createTestEnv } from '../../../tests/setup/test-app.ts';
import { createPostgresTestDatabase } from '../../../tests/setup/test-db.ts';
import { createAdapters } from '../../adapters/index.ts';
import type { Viewer } from '../auth/auth.policy.ts';
import { createComment } from '../comments/comments.service.ts';
import { followUsers, unfollowUsers } from '../follows/follows.service.ts';
import { recordEntryView } from '../views/views.service.ts';
import { likeEntry, unlikeEntry } from './likes.service.ts';

/**
 * Two people liking each other's entries at the same moment: each like moves both people's
 * counters and notifies the other. On PostgreSQL with real concurrency (PGlite has one
 * connection, so on a PGlite run the file starts a PostgreSQL of its own; on a PostgreSQL run it
 * uses its clone), the writes must neither deadlock into a 500 nor lose a count.
 */

let database: Database;
/** Transactions the helper ran again after a deadlock or serialization failure. */
const retries: string[] = [];

beforeAll(async () => {
  database = await createPostgresTestDatabase({
    poolSize: 8,
    onTransactionRetry: (error) => retries.push(String((error as Error).cause ?? error)),
  });
  await ensureCategories(database.db);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const ROUNDS = 60;

describe('likes under concurrency (PostgreSQL)', () => {
  // Two pairs of people, one test each, so each test stays short; together they run ROUNDS rounds.
  for (const pair of [1, 2]) {
    it(`two people liking each other’s entries at once (pair ${pair}): no deadlock, every counter exact`, async () => {
      const a = await createUser(database.db);
      const b = await createUser(database.db);
      const entryOfA = await createEntry(database.db, { userId: a.id });
      const entryOfB = await createEntry(database.db, { userId: b.id });
      const viewerOf = (user: { id: string; username: string }): Viewer =>
        ({ id: user.id, username: user.username, role: 'user' }) as Viewer;
      const asA = { db: database.db, viewer: viewerOf(a) };
      const asB = { db: database.db, viewer: viewerOf(b) };

      const failures: string[] = [];
      const settle = async (calls: Array<Promise<unknown>>) => {
        for (const result of await Promise.allSettled(calls)) {
          if (result.status === 'rejected') failures.push(String((result.reason as Error).cause ?? result.reason));
        }
      };
      for (let round = 0; round < ROUNDS / 2; round++) {
        await settle([likeEntry(asA, entryOfB.id), likeEntry(asB, entryOfA.id)]);
        await settle([unlikeEntry(asA, entryOfB.id), unlikeEntry(asB, entryOfA.id)]);
      }
      await settle([likeEntry(asA, entryOfB.id), likeEntry(asB, entryOfA.id)]);

      expect(failures).toEqual([]);
      // The lock order alone prevents the deadlock: nothing needed running again.
      expect(retries).toEqual([]);
      const counts = await database.db
        .select({ liked: users.likedEntriesCount, beLiked: users.beLikedCount })
        .from(users)
        .where(inArray(users.id, [a.id, b.id]));
      expect(counts).toHaveLength(2);
      for (const row of counts) expect(row).toMatchObject({ liked: 1, beLiked: 1 });
    }, 60_000);
  }

  it('a deadlock that does happen is retried by the transaction helper, and both transactions succeed', async () => {
    const x = await createUser(database.db);
    const y = await createUser(database.db);
    retries.length = 0;
    // Each transaction locks one row, waits until the other holds its row, then asks for the
    // other's: a deadlock on the first attempt; PostgreSQL aborts one, which runs again.
    let holding = 0;
    const bothHold = async () => {
      holding++;
      while (holding < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const crosswise = (first: string, second: string) => {
      let attempt = 0;
      return database.db.transaction(async (tx) => {
        attempt++;
        await tx
          .select({ id: users.id })
          .from(users)
          .where(inArray(users.id, [first]))
          .for('update');
        if (attempt === 1) await bothHold();
        await tx
          .select({ id: users.id })
          .from(users)
          .where(inArray(users.id, [second]))
          .for('update');
        return attempt;
      });
    };
    const attempts = await Promise.all([crosswise(x.id, y.id), crosswise(y.id, x.id)]);
    expect(attempts.sort()).toEqual([1, 2]);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toContain('deadlock detected');
  }, 30_000);

  it('mixed load among five people (likes, comments, follows, views): no failure, counters exact', async () => {
    const people = await Promise.all([0, 1, 2, 3, 4].map(() => createUser(database.db)));
    const their = await Promise.all(people.map((p) => createEntry(database.db, { userId: p.id })));
    const env = createTestEnv();
    const adapters = createAdapters(env, database.db);
    const as = (i: number) => ({
      db: database.db,
      viewer: { id: people[i].id, username: people[i].username, role: 'user' } as Viewer,
      env,
      adapters,
      suid: '0'.repeat(24),
      isBot: false,
    });
    const failures: string[] = [];
    let calls = 0;
    const random = (n: number) => Math.floor(Math.random() * n);
    // Each round everyone does the same kind of write to the person `offset` places on: a ring of
    // five transactions that each need their own row and the next person's.
    const act = async (i: number, kind: number, offset: number) => {
      const other = (i + offset) % people.length;
      const entryId = their[other].id;
      calls++;
      switch (kind) {
        case 0:
          return likeEntry(as(i), entryId);
        case 1:
          return unlikeEntry(as(i), entryId);
        case 2:
          return createComment(as(i), {
            content: `评论 ${calls}`,
            targetId: entryId,
            targetType: 'entry',
          });
        case 3:
          return followUsers(
            { db: database.db, viewer: as(i).viewer, adapters: { jobs: createJobQueue(database.db) } },
            { follower: people[i].id, followees: [people[other].id] },
          );
        case 4:
          return unfollowUsers(
            { db: database.db, viewer: as(i).viewer },
            { follower: people[i].id, followees: [people[other].id] },
          );
        default:
          return recordEntryView(as(i), { entryId, now: new Date(Date.now() + calls * 86_400_000) });
      }
    };
    for (let round = 0; round < 40; round++) {
      const kind = round % 6;
      const offset = 1 + random(people.length - 1);
      const results = await Promise.allSettled(people.map((_, i) => act(i, kind, offset)));
      for (const result of results) {
        if (result.status === 'rejected') failures.push(String((result.reason as Error).cause ?? result.reason));
      }
    }
    expect({ calls, failures }).toEqual({ calls: 200, failures: [] });
    const [mismatch] = await database.db
      .execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM users u WHERE
        liked_entries_count <> (SELECT count(*) FROM entry_likes l WHERE l.user_id = u.id)
        OR be_liked_count <> (SELECT count(*) FROM entry_likes l JOIN entries e ON e.id = l.entry_id WHERE e.user_id = u.id)
        OR following_count <> (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)
        OR follower_count <> (SELECT count(*) FROM follows f WHERE f.followee_id = u.id)
        OR be_read_count <> (SELECT coalesce(sum(view_count), 0) FROM entries e WHERE e.user_id = u.id)`)
      .then((result) => (result as unknown as { rows: Array<{ n: number }> }).rows);
    expect(mismatch.n).toBe(0);
  }, 60_000);
});
