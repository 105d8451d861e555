import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
import { mailDeliveries } from '@db/schema/mail.ts';
import { follows, mailSubscriptions, users } from '@db/schema/users.ts';
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
