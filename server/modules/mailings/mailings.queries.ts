import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
import { entries, entryTags, tagSubscriptions } from '@db/schema/content.ts';
import { mailDeliveries } from '@db/schema/mail.ts';
import { follows, mailSubscriptions, mutes, users } from '@db/schema/users.ts';
import { entryNotMutedBy } from '../mutes/mutes.service.ts';
import type { MailType } from '@core/account-settings.ts';

/** The recipient's address, if verified, and whether this subscription is on (no row: on, the column's default). */
export async function selectRecipient(db: Db, userId: string, type: MailType) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      emailVerified: users.emailVerified,
      subscribed: sql<boolean>`coalesce(${mailSubscriptions.subscribed}, true)`,
    })
    .from(users)
    .leftJoin(mailSubscriptions, and(eq(mailSubscriptions.userId, users.id), eq(mailSubscriptions.type, type)))
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function selectUserName(db: Db, userId: string) {
  const [row] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function followExists(db: Db, followerId: string, followeeId: string) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
  return Boolean(row);
}

/** Claims the right to send one mail; false when it was sent (or is being sent) already. */
export async function claimDelivery(db: Db, values: { kind: MailType; userId: string; key: string }) {
  const rows = await db
    .insert(mailDeliveries)
    .values(values)
    .onConflictDoNothing()
    .returning({ key: mailDeliveries.key });
  return rows.length === 1;
}

/** Gives a claim back when its mail could not be sent, so the retry sends it. */
export async function releaseDelivery(db: Db, values: { kind: MailType; userId: string; key: string }) {
  await db
    .delete(mailDeliveries)
    .where(
      and(
        eq(mailDeliveries.kind, values.kind),
        eq(mailDeliveries.userId, values.userId),
        eq(mailDeliveries.key, values.key),
      ),
    );
}

export async function deleteDeliveriesBefore(db: Db, before: Date) {
  const rows = await db
    .delete(mailDeliveries)
    .where(lt(mailDeliveries.createdAt, before))
    .returning({ key: mailDeliveries.key });
  return rows.length;
}

/** The entry an article mail announces (hidden ones are not announced). */
export async function selectArticle(db: Db, entryId: string) {
  const [row] = await db
    .select({
      id: entries.id,
      type: entries.type,
      title: entries.title,
      abstract: entries.abstract,
      userId: entries.userId,
      hiddenAt: entries.hiddenAt,
      authorName: users.username,
    })
    .from(entries)
    .leftJoin(users, eq(users.id, entries.userId))
    .where(eq(entries.id, entryId));
  return row ?? null;
}

/**
 * One page of an author's followers who take article mails: verified address, subscription on,
 * author not muted; keyset on (follow time, follower id), served by follows_followee_created_idx.
 */
export async function selectArticleRecipients(
  db: Db,
  options: { authorId: string; after: { createdAt: Date; id: string } | null; limit: number },
) {
  const { authorId, after, limit } = options;
  return db
    .select({ id: users.id, username: users.username, email: users.email, followedAt: follows.createdAt })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .leftJoin(mailSubscriptions, and(eq(mailSubscriptions.userId, users.id), eq(mailSubscriptions.type, 'article')))
    .where(
      and(
        eq(follows.followeeId, authorId),
        after ? sql`(${follows.createdAt}, ${follows.followerId}) > (${after.createdAt}, ${after.id})` : undefined,
        eq(users.emailVerified, true),
        isNotNull(users.email),
        sql`coalesce(${mailSubscriptions.subscribed}, true)`,
        sql`not exists (select 1 from ${mutes} where ${mutes.userId} = ${follows.followerId} and ${mutes.targetType} = 'user' and ${mutes.targetId} = ${authorId})`,
      ),
    )
    .orderBy(asc(follows.createdAt), asc(follows.followerId))
    .limit(limit);
}

/** One page of the people who take the weekly digest (verified address, subscription on), by id. */
export async function selectWeeklySubscribers(db: Db, options: { afterId: string | null; limit: number }) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(mailSubscriptions, and(eq(mailSubscriptions.userId, users.id), eq(mailSubscriptions.type, 'week')))
    .where(
      and(
        options.afterId ? gt(users.id, options.afterId) : undefined,
        eq(users.emailVerified, true),
        isNotNull(users.email),
        sql`coalesce(${mailSubscriptions.subscribed}, true)`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(options.limit);
  return rows.map((row) => row.id);
}

/**
 * The week's top entries for one person: written in [start, end), by someone they follow or
 * carrying a tag they subscribe to, not their own, not hidden, nothing muted (author or tag);
 * ranked by the hot score (docs/ranking.md). The week's entries come from entries_created_idx.
 */
export async function selectDigestEntries(db: Db, options: { userId: string; start: Date; end: Date; limit: number }) {
  const { userId, start, end, limit } = options;
  return db
    .select({
      id: entries.id,
      title: entries.title,
      authorName: users.username,
      likeCount: entries.likeCount,
      commentCount: entries.commentCount,
    })
    .from(entries)
    .leftJoin(users, eq(users.id, entries.userId))
    .where(
      and(
        gte(entries.createdAt, start),
        lt(entries.createdAt, end),
        isNull(entries.hiddenAt),
        sql`${entries.userId} is distinct from ${userId}`,
        or(
          sql`exists (select 1 from ${follows} where ${follows.followerId} = ${userId} and ${follows.followeeId} = ${entries.userId})`,
          sql`exists (select 1 from ${entryTags} join ${tagSubscriptions} on ${tagSubscriptions.tagId} = ${entryTags.tagId} and ${tagSubscriptions.userId} = ${userId} where ${entryTags.entryId} = ${entries.id})`,
        ),
        entryNotMutedBy(userId),
      ),
    )
    .orderBy(desc(entries.hotScore), desc(entries.id))
    .limit(limit);
}
