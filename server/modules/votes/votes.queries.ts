import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.ts';
import { entries, entryVotes, voteOptions } from '@db/schema/content.ts';
import { users } from '@db/schema/users.ts';
import { type Cursor, keysetBefore } from '../../http/cursor.ts';
import { userBriefColumns } from '../users/users.service.ts';

/** A vote entry's options in order. */
export function selectOptions(db: Db | Tx, entryId: string) {
  return db
    .select({ id: voteOptions.id, title: voteOptions.title, voteCount: voteOptions.voteCount })
    .from(voteOptions)
    .where(eq(voteOptions.entryId, entryId))
    .orderBy(asc(voteOptions.position));
}

export async function insertOptions(
  tx: Tx,
  rows: Array<{ id: string; entryId: string; position: number; title: string }>,
) {
  if (rows.length === 0) return;
  await tx.insert(voteOptions).values(rows);
}

/** Removes an entry's options (and by cascade the votes on them). */
export async function deleteOptions(tx: Tx, entryId: string) {
  await tx.delete(voteOptions).where(eq(voteOptions.entryId, entryId));
}

export async function selectEntryType(db: Db | Tx, entryId: string) {
  const [row] = await db.select({ type: entries.type }).from(entries).where(eq(entries.id, entryId));
  return row?.type ?? null;
}

/**
 * The entry's type, its row held FOR KEY SHARE for the rest of the transaction: an edit (which
 * locks the entry FOR UPDATE before it replaces the options) waits for the vote, or the vote for
 * the edit; votes do not wait for each other. Null when the entry does not exist.
 */
export async function lockEntryType(tx: Tx, entryId: string) {
  const [row] = await tx.select({ type: entries.type }).from(entries).where(eq(entries.id, entryId)).for('key share');
  return row?.type ?? null;
}

/** The option a person chose on an entry, locked for the rest of the transaction; null before voting. */
export async function lockVote(tx: Tx, entryId: string, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ optionId: entryVotes.optionId })
    .from(entryVotes)
    .where(and(eq(entryVotes.entryId, entryId), eq(entryVotes.userId, userId)))
    .for('update');
  return row?.optionId ?? null;
}

export async function selectVote(db: Db, entryId: string, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ optionId: entryVotes.optionId })
    .from(entryVotes)
    .where(and(eq(entryVotes.entryId, entryId), eq(entryVotes.userId, userId)));
  return row?.optionId ?? null;
}

/** A first vote; false when a concurrent request of the same person got there first. */
export async function insertVote(tx: Tx, values: { entryId: string; userId: string; optionId: string }) {
  const inserted = await tx
    .insert(entryVotes)
    .values(values)
    .onConflictDoNothing()
    .returning({ entryId: entryVotes.entryId });
  return inserted.length > 0;
}

export async function moveVote(tx: Tx, values: { entryId: string; userId: string; optionId: string }) {
  await tx
    .update(entryVotes)
    .set({ optionId: values.optionId, updatedAt: new Date() })
    .where(and(eq(entryVotes.entryId, values.entryId), eq(entryVotes.userId, values.userId)));
}

/** Moves option counters: +1 for the option chosen, −1 for the one left (one statement, id order). */
export async function addOptionCounts(tx: Tx, changes: Array<{ optionId: string; delta: number }>) {
  if (changes.length === 0) return;
  const cases = sql.join(
    changes.map((c) => sql`when ${voteOptions.id} = ${c.optionId} then ${c.delta}`),
    sql` `,
  );
  await tx
    .update(voteOptions)
    .set({ voteCount: sql`${voteOptions.voteCount} + (case ${cases} else 0 end)` })
    .where(
      inArray(
        voteOptions.id,
        changes.map((c) => c.optionId),
      ),
    );
}

/** Whether anyone has voted on the entry. */
export async function hasVotes(tx: Tx, entryId: string): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql<number>`1` })
    .from(entryVotes)
    .where(eq(entryVotes.entryId, entryId))
    .limit(1);
  return row !== undefined;
}

/**
 * The voters of an entry, first vote newest first (entry_votes_entry_created_idx): after a
 * keyset position, or at an offset for the zero-based pages of get_attender.
 */
export function selectVoters(db: Db, q: { entryId: string; cursor: Cursor | null; offset: number; limit: number }) {
  return db
    .select({ ...userBriefColumns, votedAt: entryVotes.createdAt })
    .from(entryVotes)
    .innerJoin(users, eq(users.id, entryVotes.userId))
    .where(and(eq(entryVotes.entryId, q.entryId), keysetBefore(entryVotes.createdAt, entryVotes.userId, q.cursor)))
    .orderBy(desc(entryVotes.createdAt), desc(entryVotes.userId))
    .offset(q.offset)
    .limit(q.limit);
}
