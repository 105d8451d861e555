import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
import { mutes, sessions, users } from '@db/schema/users.ts';

export const viewerColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  avatarLarge: users.avatarLarge,
  isXiaoceAuthor: users.isXiaoceAuthor,
  hasWallet: users.hasWallet,
  unreadUserNotificationCount: users.unreadUserNotificationCount,
  unreadSystemNotificationCount: users.unreadSystemNotificationCount,
  suspendedUntil: users.suspendedUntil,
  suspendReason: users.suspendReason,
  hasMutes: sql<boolean>`exists (select 1 from ${mutes} where ${mutes.userId} = ${users.id})`,
};

export async function findViewerBySessionHash(db: Db, sessionHash: string, now: Date) {
  const [row] = await db
    .select({
      ...viewerColumns,
      sessionId: sessions.id,
      clientId: sessions.clientId,
      lastSeenAt: sessions.lastSeenAt,
      sessionExpiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

export async function insertSession(db: Db, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

export async function touchSession(db: Db, sessionHash: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionHash));
}

export async function deleteSessionByHash(db: Db, sessionHash: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionHash));
}

export async function findUserForLogin(db: Db, by: { email: string } | { phone: string }) {
  const where = 'email' in by ? sql`lower(${users.email}) = lower(${by.email})` : eq(users.mobilePhoneNumber, by.phone);
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, mustResetPassword: users.mustResetPassword })
    .from(users)
    .where(where)
    .limit(1);
  return row ?? null;
}

export async function markLoggedIn(db: Db, userId: string, now: Date) {
  await db.update(users).set({ latestLoginedInAt: now }).where(eq(users.id, userId));
}
