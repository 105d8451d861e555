import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '@db/client.ts';
import { entries, entryTags, tags } from '@db/schema/content.ts';
import { mutes } from '@db/schema/users.ts';

type Executor = Db | Tx;
export type MuteTargetType = 'user' | 'tag';

/**
 * Leaves out rows written by someone the viewer muted: one NOT EXISTS probe of the mutes
 * primary key per row. Signed-out viewers have nothing muted: undefined, no condition.
 */
export function authorNotMutedBy(viewerId: string | null | undefined, userColumn: AnyPgColumn | SQL): SQL | undefined {
  if (!viewerId) return undefined;
  return sql`not exists (select 1 from ${mutes} where ${mutes.userId} = ${viewerId} and ${mutes.targetType} = 'user' and ${mutes.targetId} = ${userColumn})`;
}

/**
 * What a viewer's muting hides of entries: entries written by a muted user and entries carrying a
 * muted tag. Two NOT EXISTS probes per candidate row, each on a primary key (mutes (user_id,
 * target_type, target_id) and entry_tags (entry_id, tag_id)), so the keyset index scans of the
 * feeds stay the plan: rows are filtered as the index yields them.
 *
 * `entryId` and `userId` name the columns of the row being filtered; without `userId` the
 * author is looked up by the entry id (for lists read from entry_tags). Signed-out viewers
 * have nothing muted: undefined, no condition.
 */
export function entryNotMutedBy(
  viewerId: string | null | undefined,
  columns: { entryId: AnyPgColumn | SQL; userId?: AnyPgColumn | SQL } = { entryId: entries.id, userId: entries.userId },
): SQL | undefined {
  if (!viewerId) return undefined;
  const author = columns.userId
    ? sql`exists (select 1 from ${mutes} where ${mutes.userId} = ${viewerId} and ${mutes.targetType} = 'user' and ${mutes.targetId} = ${columns.userId})`
    : sql`exists (select 1 from ${entries} as muted_author_entry join ${mutes} on ${mutes.userId} = ${viewerId} and ${mutes.targetType} = 'user' and ${mutes.targetId} = muted_author_entry.user_id where muted_author_entry.id = ${columns.entryId})`;
  const tag = sql`exists (select 1 from ${entryTags} as muted_tag_link join ${mutes} on ${mutes.userId} = ${viewerId} and ${mutes.targetType} = 'tag' and ${mutes.targetId} = muted_tag_link.tag_id where muted_tag_link.entry_id = ${columns.entryId})`;
  return sql`not ${author} and not ${tag}`;
}

/** Whether the user has muted anyone or any tag: one probe of the mutes primary key. */
export async function selectHasMutes(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ one: sql`1` }).from(mutes).where(eq(mutes.userId, userId)).limit(1);
  return row !== undefined;
}

export async function selectIsMuted(
  db: Executor,
  userId: string,
  targetType: MuteTargetType,
  targetId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: mutes.targetId })
    .from(mutes)
    .where(and(eq(mutes.userId, userId), eq(mutes.targetType, targetType), eq(mutes.targetId, targetId)))
    .limit(1);
  return Boolean(row);
}

export async function selectMutedIds(db: Executor, userId: string, targetType: MuteTargetType): Promise<string[]> {
  const rows = await db
    .select({ id: mutes.targetId })
    .from(mutes)
    .where(and(eq(mutes.userId, userId), eq(mutes.targetType, targetType)));
  return rows.map((row) => row.id);
}

/** Idempotent: muting twice keeps one row. */
export async function insertMute(db: Executor, userId: string, targetType: MuteTargetType, targetId: string) {
  await db.insert(mutes).values({ userId, targetType, targetId }).onConflictDoNothing();
}

export async function deleteMute(db: Executor, userId: string, targetType: MuteTargetType, targetId: string) {
  await db
    .delete(mutes)
    .where(and(eq(mutes.userId, userId), eq(mutes.targetType, targetType), eq(mutes.targetId, targetId)));
}

/** The user's mutes, newest first. */
export async function selectMutes(db: Executor, userId: string, targetType?: MuteTargetType) {
  return db
    .select({ targetType: mutes.targetType, targetId: mutes.targetId, createdAt: mutes.createdAt })
    .from(mutes)
    .where(and(eq(mutes.userId, userId), targetType ? eq(mutes.targetType, targetType) : undefined))
    .orderBy(desc(mutes.createdAt));
}

export async function selectTagBriefs(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: tags.id, title: tags.title, icon: tags.icon }).from(tags).where(inArray(tags.id, ids));
}
