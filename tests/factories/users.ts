import { hash } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { newId } from '@core/ids.ts';
import type { Db } from '@db/client.ts';
import { users } from '@db/schema/users.ts';
import type { Viewer } from '../../server/modules/auth/auth.policy.ts';

/** Every factory user signs in with this password unless told otherwise. */
export const TEST_PASSWORD = 'jinsha-test-password';

// Argon2 is deliberately slow (~30 ms); one hash of the known password serves the whole process.
let testPasswordHash: Promise<string> | undefined;

function passwordHashFor(password: string): Promise<string> {
  if (password !== TEST_PASSWORD) return hash(password);
  testPasswordHash ??= hash(TEST_PASSWORD);
  return testPasswordHash;
}

export type UserOverrides = Partial<Omit<typeof users.$inferInsert, 'passwordHash'>> & { password?: string | null };
export type TestUser = typeof users.$inferSelect & { password: string | null };

export async function createUser(db: Db, overrides: UserOverrides = {}): Promise<TestUser> {
  const { password = TEST_PASSWORD, ...columns } = overrides;
  const username = columns.username ?? `user_${randomBytes(5).toString('hex')}`;
  const [user] = await db
    .insert(users)
    .values({
      id: newId(),
      email: `${username.toLowerCase()}@example.com`,
      emailVerified: true,
      ...columns,
      username,
      passwordHash: password === null ? null : await passwordHashFor(password),
    })
    .returning();
  return { ...user, password };
}

/** The signed-in viewer a service sees for this user, with nothing unread and no session. */
export function viewerOf(user: TestUser): Viewer {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    avatarLarge: user.avatarLarge,
    isXiaoceAuthor: false,
    hasWallet: false,
    unreadUserNotificationCount: 0,
    unreadSystemNotificationCount: 0,
    sessionId: '',
    clientId: '',
  };
}
