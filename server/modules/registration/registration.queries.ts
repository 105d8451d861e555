import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.ts';
import { sessions, users } from '@db/schema/users.ts';

type Runner = Db | Tx;

/** Which of a new account's identifiers are already in use (case-insensitive for name and e-mail). */
export async function findTakenIdentifiers(
  db: Runner,
  options: { username: string; email?: string; phone?: string },
): Promise<{ username: boolean; email: boolean; phone: boolean }> {
  const [row] = await db
    .select({
      username: sql<boolean>`exists (select 1 from ${users} where lower(${users.username}) = lower(${options.username}))`,
      email: options.email
        ? sql<boolean>`exists (select 1 from ${users} where lower(${users.email}) = lower(${options.email}))`
        : sql<boolean>`false`,
      phone: options.phone
        ? sql<boolean>`exists (select 1 from ${users} where ${users.mobilePhoneNumber} = ${options.phone})`
        : sql<boolean>`false`,
    })
    .from(sql`(select 1) as one`);
  return {
    username: Boolean(row?.username),
    email: Boolean(row?.email),
    phone: Boolean(row?.phone),
  };
}

const contactColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  emailVerified: users.emailVerified,
  mobilePhoneNumber: users.mobilePhoneNumber,
};

export async function findUserContactById(db: Runner, id: string) {
  const [row] = await db.select(contactColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserContactByEmail(db: Runner, email: string) {
  const [row] = await db
    .select(contactColumns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row ?? null;
}

export async function findUserContactByPhone(db: Runner, phone: string) {
  const [row] = await db.select(contactColumns).from(users).where(eq(users.mobilePhoneNumber, phone)).limit(1);
  return row ?? null;
}

export async function setEmailVerified(db: Runner, userId: string) {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

/** A new password also lifts the forced-reset flag (SPEC §8, 410). */
export async function setPassword(db: Runner, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash, mustResetPassword: false }).where(eq(users.id, userId));
}

export async function deleteUserSessions(db: Runner, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function setMustResetPassword(db: Runner, userId: string) {
  await db.update(users).set({ mustResetPassword: true }).where(eq(users.id, userId));
}
