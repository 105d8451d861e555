import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { MailType, OAuthProvider } from '@core/account-settings.ts';
import type { Db, Tx } from '@db/client.ts';
import { uploads } from '@db/schema/content.ts';
import { invitations, mailSubscriptions, oauthAccounts, sessions, users } from '@db/schema/users.ts';

type Runner = Db | Tx;

export const accountColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  emailVerified: users.emailVerified,
  mobilePhoneNumber: users.mobilePhoneNumber,
  mobilePhoneVerified: users.mobilePhoneVerified,
  passwordHash: users.passwordHash,
  avatarLarge: users.avatarLarge,
  jobTitle: users.jobTitle,
  company: users.company,
  blogAddress: users.blogAddress,
  selfDescription: users.selfDescription,
  availableInviteCount: users.availableInviteCount,
};

export async function findAccount(db: Runner, userId: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select(accountColumns).from(users).where(eq(users.id, userId)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function listOAuthAccounts(db: Runner, userId: string) {
  return db
    .select({
      provider: oauthAccounts.provider,
      nickname: oauthAccounts.nickname,
      username: oauthAccounts.username,
      providerUserId: oauthAccounts.providerUserId,
      createdAt: oauthAccounts.createdAt,
    })
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId))
    .orderBy(oauthAccounts.createdAt);
}

export async function findOAuthAccount(db: Runner, provider: OAuthProvider, providerUserId: string) {
  const [row] = await db
    .select({ id: oauthAccounts.id, userId: oauthAccounts.userId })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)))
    .limit(1);
  return row ?? null;
}

export async function insertOAuthAccount(db: Runner, values: typeof oauthAccounts.$inferInsert) {
  const rows = await db.insert(oauthAccounts).values(values).onConflictDoNothing().returning({ id: oauthAccounts.id });
  return rows.length > 0;
}

export async function deleteOAuthAccount(db: Runner, userId: string, provider: OAuthProvider) {
  const rows = await db
    .delete(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.provider, provider)))
    .returning({ id: oauthAccounts.id });
  return rows.length > 0;
}

export async function usernameTaken(db: Runner, username: string, exceptUserId?: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`lower(${users.username}) = lower(${username})`, exceptUserId ? ne(users.id, exceptUserId) : undefined),
    )
    .limit(1);
  return Boolean(row);
}

export async function emailTaken(db: Runner, email: string, exceptUserId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptUserId)))
    .limit(1);
  return Boolean(row);
}

export async function phoneTaken(db: Runner, phone: string, exceptUserId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mobilePhoneNumber, phone), ne(users.id, exceptUserId)))
    .limit(1);
  return Boolean(row);
}

export async function updateUser(db: Runner, userId: string, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function findOwnUpload(db: Runner, options: { url: string; userId: string; purpose: string }) {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.url, options.url), eq(uploads.userId, options.userId), eq(uploads.purpose, options.purpose)))
    .limit(1);
  return row ?? null;
}

export async function listSessions(db: Runner, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

export async function deleteSession(db: Runner, userId: string, sessionId: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function deleteOtherSessions(db: Runner, userId: string, keepSessionId: string | null) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function selectMailSubscriptions(db: Runner, userId: string) {
  return db
    .select({ type: mailSubscriptions.type, subscribed: mailSubscriptions.subscribed })
    .from(mailSubscriptions)
    .where(eq(mailSubscriptions.userId, userId));
}

export async function upsertMailSubscription(db: Runner, userId: string, type: MailType, subscribed: boolean) {
  await db
    .insert(mailSubscriptions)
    .values({ userId, type, subscribed })
    .onConflictDoUpdate({
      target: [mailSubscriptions.userId, mailSubscriptions.type],
      set: { subscribed, updatedAt: new Date() },
    });
}

/** Takes one invitation from the sender's allowance; false when none is left. */
export async function takeInvite(tx: Tx, userId: string) {
  const rows = await tx
    .update(users)
    .set({ availableInviteCount: sql`${users.availableInviteCount} - 1` })
    .where(and(eq(users.id, userId), gt(users.availableInviteCount, 0)))
    .returning({ left: users.availableInviteCount });
  return rows[0]?.left ?? null;
}

export async function insertInvitation(tx: Tx, values: typeof invitations.$inferInsert) {
  await tx.insert(invitations).values(values);
}

/** Undoes an invitation whose mail could not be sent: the row goes, the allowance comes back. */
export async function returnInvite(tx: Tx, options: { invitationId: string; userId: string }) {
  await tx.delete(invitations).where(eq(invitations.id, options.invitationId));
  await tx
    .update(users)
    .set({ availableInviteCount: sql`${users.availableInviteCount} + 1` })
    .where(eq(users.id, options.userId));
}

/** Links a new account to the invitation its token names, if nobody used it yet; the sender's id, or null. */
export async function acceptInvitation(tx: Tx, tokenHash: string, userId: string) {
  const [row] = await tx
    .update(invitations)
    .set({ acceptedBy: userId })
    .where(and(eq(invitations.tokenHash, tokenHash), sql`${invitations.acceptedBy} is null`))
    .returning({ senderId: invitations.senderId });
  return row?.senderId ?? null;
}

export async function selectInvitationByToken(db: Runner, tokenHash: string) {
  const [row] = await db
    .select({
      senderName: users.username,
      receiverName: invitations.receiverName,
      acceptedBy: invitations.acceptedBy,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.senderId))
    .where(eq(invitations.tokenHash, tokenHash));
  return row ?? null;
}

/** The sender's invitations, newest first (invitations_sender_idx), with who accepted each. */
export async function selectSentInvitations(db: Runner, senderId: string, limit: number) {
  return db
    .select({
      id: invitations.id,
      receiverName: invitations.receiverName,
      receiverEmail: invitations.receiverEmail,
      createdAt: invitations.createdAt,
      acceptedBy: invitations.acceptedBy,
      acceptedName: users.username,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.acceptedBy))
    .where(eq(invitations.senderId, senderId))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(limit);
}
