/** After the run: every acknowledged write is in the database, and every counter equals its rows. */
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client.ts';
import { recountCategories, recountContent, recountTags, recountUsers } from '../db/seed/counters.ts';
import type { Acknowledged } from './people.ts';

export interface LostWrites {
  kind: string;
  acknowledged: number;
  missing: string[];
}

async function missingPairs(
  database: Database,
  table: string,
  left: string,
  right: string,
  pairs: Array<[string, string]>,
): Promise<string[]> {
  if (pairs.length === 0) return [];
  const unique = [...new Map(pairs.map((p) => [p.join(':'), p])).values()];
  const rows = rowsOf<{ a: string; b: string }>(
    await database.db.execute(sql`
      SELECT v.a, v.b FROM unnest(string_to_array(${unique.map((p) => p[0]).join(',')}, ','),
        string_to_array(${unique.map((p) => p[1]).join(',')}, ',')) AS v(a, b)
      WHERE NOT EXISTS (SELECT 1 FROM ${sql.identifier(table)} t
        WHERE t.${sql.identifier(left)} = v.a AND t.${sql.identifier(right)} = v.b)`),
  );
  return rows.map((r) => `${r.a}:${r.b}`);
}

async function missingIds(database: Database, table: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<{ id: string }>(
    await database.db.execute(sql`
      SELECT v.id FROM unnest(string_to_array(${ids.join(',')}, ',')) AS v(id)
      WHERE NOT EXISTS (SELECT 1 FROM ${sql.identifier(table)} t WHERE t.id = v.id)`),
  );
  return rows.map((r) => r.id);
}

export async function checkAcknowledged(database: Database, ack: Acknowledged): Promise<LostWrites[]> {
  return [
    {
      kind: 'entry likes',
      acknowledged: ack.entryLikes.length,
      missing: await missingPairs(database, 'entry_likes', 'user_id', 'entry_id', ack.entryLikes),
    },
    {
      kind: 'pin likes',
      acknowledged: ack.pinLikes.length,
      missing: await missingPairs(database, 'pin_likes', 'user_id', 'pin_id', ack.pinLikes),
    },
    {
      kind: 'follows',
      acknowledged: ack.follows.length,
      missing: await missingPairs(database, 'follows', 'follower_id', 'followee_id', ack.follows),
    },
    {
      kind: 'comments',
      acknowledged: ack.comments.length,
      missing: await missingIds(database, 'comments', ack.comments),
    },
    { kind: 'entries', acknowledged: ack.entries.length, missing: await missingIds(database, 'entries', ack.entries) },
    { kind: 'pins', acknowledged: ack.pins.length, missing: await missingIds(database, 'pins', ack.pins) },
  ];
}

/**
 * The denormalised counters compared. Left out: hot scores (they move with the clock), and the
 * view counts (entries.view_count, users.be_read_count, viewed_entries_count), which count
 * recorded reads rather than rows of a table.
 */
const COUNTERS: Array<{ table: string; key: string; columns: string[] }> = [
  { table: 'entries', key: 'id', columns: ['like_count', 'comment_count', 'collection_count', 'latest_comment_at'] },
  { table: 'comments', key: 'id', columns: ['like_count', 'sub_comment_count'] },
  { table: 'pins', key: 'id', columns: ['like_count', 'comment_count'] },
  { table: 'collections', key: 'id', columns: ['follower_count', 'entry_count'] },
  { table: 'vote_options', key: 'id', columns: ['vote_count'] },
  { table: 'repos', key: 'id', columns: ['comment_count'] },
  { table: 'booklet_sections', key: 'id', columns: ['comment_count'] },
  { table: 'booklets', key: 'id', columns: ['section_count', 'buy_count'] },
  { table: 'tags', key: 'id', columns: ['entries_count', 'subscribers_count'] },
  { table: 'categories', key: 'id', columns: ['entries_count'] },
  {
    table: 'category_entry_counts',
    key: "category_id || '/' || type",
    columns: ['entries_count', 'commented_count'],
  },
  {
    table: 'users',
    key: 'id',
    columns: [
      'follower_count',
      'following_count',
      'be_liked_count',
      'posted_posts_count',
      'posted_entries_count',
      'liked_entries_count',
      'commented_entries_count',
      'collection_count',
      'followed_collection_count',
      'collected_entries_count',
      'subscribed_tag_count',
      'pin_count',
      'wrote_book_count',
      'bought_book_count',
      'unread_user_notification_count',
      'unread_system_notification_count',
      'wallet_balance',
    ],
  },
];

export interface CounterMismatch {
  counter: string;
  key: string;
  stored: unknown;
  counted: unknown;
}

class RollBack extends Error {}

/**
 * Reads every counter, recomputes them all from their rows with the statements that define them
 * (db/seed/counters.ts, the same ones the seeds use), reads them again and rolls back: any
 * difference is a counter that drifted from its rows.
 */
export async function checkCounters(database: Database): Promise<{ compared: number; mismatches: CounterMismatch[] }> {
  const mismatches: CounterMismatch[] = [];
  let compared = 0;
  const snapshot = async (tx: Pick<Database['db'], 'execute'>) => {
    const values = new Map<string, Map<string, string>>();
    for (const { table, key, columns } of COUNTERS) {
      const rows = rowsOf<Record<string, unknown>>(
        await tx.execute(sql.raw(`SELECT ${key} AS k, ${columns.join(', ')} FROM ${table}`)),
      );
      for (const row of rows) {
        for (const column of columns) {
          const value = row[column];
          const text = value instanceof Date ? value.toISOString() : value === null ? 'null' : String(value);
          const counter = `${table}.${column}`;
          const map = values.get(counter) ?? new Map<string, string>();
          map.set(String(row.k), text);
          values.set(counter, map);
        }
      }
    }
    return values;
  };
  await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
      const before = await snapshot(tx);
      await recountContent(tx);
      await recountCategories(tx);
      await recountTags(tx);
      await recountUsers(tx);
      const after = await snapshot(tx);
      for (const [counter, stored] of before) {
        const counted = after.get(counter) ?? new Map<string, string>();
        for (const [key, value] of stored) {
          compared++;
          const recount = counted.get(key) ?? '0';
          if (recount !== value) mismatches.push({ counter, key, stored: value, counted: recount });
        }
        for (const [key, value] of counted) {
          if (!stored.has(key) && value !== '0') mismatches.push({ counter, key, stored: '(no row)', counted: value });
        }
      }
      throw new RollBack();
    })
    .catch((error) => {
      if (!(error instanceof RollBack)) throw error;
    });
  return { compared, mismatches };
}
