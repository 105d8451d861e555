import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@db/client.ts';
import { entries, entryTags } from '@db/schema/content.ts';
import { mutes } from '@db/schema/users.ts';

/**
 * What a viewer's muting hides (db/schema/users.ts `mutes`): entries written by a muted user and
 * entries carrying a muted tag. Two NOT EXISTS probes per candidate row, each on a primary key
 * (mutes (user_id, target_type, target_id) and entry_tags (entry_id, tag_id)), so the keyset
 * index scans of the feeds stay the plan: rows are filtered as the index yields them.
 *
 * `entryId` and `userId` name the columns of the row being filtered; without `userId` the
 * author is looked up by the entry id (for lists read from entry_tags). Signed-out viewers
 * have nothing muted: undefined, no condition.
 */
export function notMutedBy(
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

/**
 * Whether the viewer has muted anyone or any tag: one probe of the mutes primary key. A list
 * that tests every candidate row (search gathers tens of thousands) skips notMutedBy without it.
 */
export async function hasMutes(db: Db, viewerId: string): Promise<boolean> {
  const [row] = await db.select({ one: sql`1` }).from(mutes).where(eq(mutes.userId, viewerId)).limit(1);
  return row !== undefined;
}
