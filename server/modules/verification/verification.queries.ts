import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.ts';
import { users, verificationTokens } from '@db/schema/users.ts';

type Runner = Db | Tx;

/** The unspent secrets of a purpose for a target. */
function unspent(purpose: string, target: string) {
  return and(
    eq(verificationTokens.purpose, purpose),
    eq(verificationTokens.target, target),
    isNull(verificationTokens.usedAt),
  );
}

/** The unspent secrets of a purpose for a target that have not expired by `now`. */
function live(purpose: string, target: string, now: Date) {
  return and(unspent(purpose, target), gt(verificationTokens.expiresAt, now));
}

export async function insertToken(db: Runner, values: typeof verificationTokens.$inferInsert) {
  await db.insert(verificationTokens).values(values);
}

/** Ends every live secret of a purpose for a target (a new code replaces the old ones). */
export async function burnLiveTokens(db: Runner, purpose: string, target: string, now: Date) {
  await db.update(verificationTokens).set({ usedAt: now }).where(unspent(purpose, target));
}

/** Spends a captcha whatever the answer: returns its hash if it was live, else null. */
export async function takeLiveToken(db: Runner, purpose: string, target: string, now: Date) {
  const [row] = await db
    .update(verificationTokens)
    .set({ usedAt: now })
    .where(live(purpose, target, now))
    .returning({ secretHash: verificationTokens.secretHash });
  return row ?? null;
}

/** The newest live secret of a purpose for a target, locked for the check that follows. */
export async function findLiveToken(db: Runner, purpose: string, target: string, now: Date) {
  const [row] = await db
    .select({
      id: verificationTokens.id,
      secretHash: verificationTokens.secretHash,
      attempts: verificationTokens.attempts,
      userId: verificationTokens.userId,
    })
    .from(verificationTokens)
    .where(live(purpose, target, now))
    .orderBy(desc(verificationTokens.createdAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function findTokenById(db: Runner, id: string) {
  const [row] = await db
    .select({
      id: verificationTokens.id,
      purpose: verificationTokens.purpose,
      target: verificationTokens.target,
      secretHash: verificationTokens.secretHash,
      userId: verificationTokens.userId,
      expiresAt: verificationTokens.expiresAt,
      usedAt: verificationTokens.usedAt,
    })
    .from(verificationTokens)
    .where(eq(verificationTokens.id, id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function markTokenUsed(db: Runner, id: string, now: Date) {
  await db.update(verificationTokens).set({ usedAt: now }).where(eq(verificationTokens.id, id));
}

/** A wrong try: one more attempt, and the secret is spent once the attempts run out. */
export async function addFailedAttempt(db: Runner, id: string, burn: boolean, now: Date) {
  await db
    .update(verificationTokens)
    .set({ attempts: sql`${verificationTokens.attempts} + 1`, ...(burn ? { usedAt: now } : {}) })
    .where(eq(verificationTokens.id, id));
}

/** Expired secrets are kept a day (for support questions), then removed. */
export async function deleteExpiredTokens(db: Runner, before: Date) {
  await db.delete(verificationTokens).where(lt(verificationTokens.expiresAt, before));
}

export async function findUserIdByPhone(db: Runner, phone: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.mobilePhoneNumber, phone)).limit(1);
  return row?.id ?? null;
}
