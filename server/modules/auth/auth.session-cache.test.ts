import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { sessions, users } from '@db/schema/users.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { createTestDatabase } from '../../../tests/setup/test-db.ts';
import { createTestApp, requestJson, type TestApp } from '../../../tests/setup/test-app.ts';
import { CHANGES_CHANNEL, UNREAD_CHANNEL, changeBus } from '../../adapters/changes.ts';
import { SESSION_COOKIE, type SessionResolver, createSession, endSession, hashSessionToken } from './auth.service.ts';
import { createSessionResolver } from './auth.session-cache.ts';

let database: Database;
let resolver: SessionResolver;

beforeAll(async () => {
  database = await createTestDatabase();
  resolver = createSessionResolver(database, changeBus(database), 60);
  await resolver.ready();
});
afterAll(() => database?.close());

async function signedInUser() {
  const user = await createUser(database.db);
  const { token } = await createSession(database, { userId: user.id, ttlDays: 1 });
  return { user, token };
}

const rename = (userId: string, username: string) =>
  database.db.update(users).set({ username }).where(eq(users.id, userId));

/** What another process does: the row changes and a notification is committed, nothing in this process is told. */
const notifyFromElsewhere = (channel: string, payload: string) =>
  database.db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);

/** Resolves the token until `done` holds (notifications arrive a moment after their commit). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let attempt = 0; attempt < 100 && !done(value); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}

describe('the session cache', () => {
  it('answers a session it resolved from memory: a change in the database is not read again', async () => {
    const { user, token } = await signedInUser();
    expect((await resolver.resolve(token))?.username).toBe(user.username);
    await rename(user.id, 'renamed-in-db');
    expect((await resolver.resolve(token))?.username).toBe(user.username);
  });

  it('forgets a session at once when it ends in this process (sign-out)', async () => {
    const { user, token } = await signedInUser();
    expect((await resolver.resolve(token))?.id).toBe(user.id);
    await endSession(database, token);
    expect(await resolver.resolve(token)).toBeNull();
  });

  it('forgets a session ended by another process when its notification arrives', async () => {
    const { user, token } = await signedInUser();
    expect((await resolver.resolve(token))?.id).toBe(user.id);
    const hash = hashSessionToken(token);
    await database.db.delete(sessions).where(eq(sessions.id, hash));
    await notifyFromElsewhere(CHANGES_CHANNEL, `session|${hash}`);
    expect(
      await eventually(
        () => resolver.resolve(token),
        (viewer) => viewer === null,
      ),
    ).toBeNull();
  });

  it('forgets every session of a user whose sessions another process deleted (a password reset)', async () => {
    const { user, token } = await signedInUser();
    const second = await createSession(database, { userId: user.id, ttlDays: 1 });
    expect((await resolver.resolve(token))?.id).toBe(user.id);
    expect((await resolver.resolve(second.token))?.id).toBe(user.id);
    await database.db.delete(sessions).where(eq(sessions.userId, user.id));
    await notifyFromElsewhere(CHANGES_CHANNEL, `user|${user.id}`);
    expect(
      await eventually(
        () => resolver.resolve(token),
        (viewer) => viewer === null,
      ),
    ).toBeNull();
    expect(await resolver.resolve(second.token)).toBeNull();
  });

  it('reads the unread counts again when a notification for the person is committed', async () => {
    const { user, token } = await signedInUser();
    expect((await resolver.resolve(token))?.unreadUserNotificationCount).toBe(0);
    await database.db.update(users).set({ unreadUserNotificationCount: 3 }).where(eq(users.id, user.id));
    expect((await resolver.resolve(token))?.unreadUserNotificationCount).toBe(0);
    await notifyFromElsewhere(UNREAD_CHANNEL, user.id);
    const viewer = await eventually(
      () => resolver.resolve(token),
      (value) => value?.unreadUserNotificationCount === 3,
    );
    expect(viewer?.unreadUserNotificationCount).toBe(3);
  });

  it('never serves a session past its end, however long it may be kept', async () => {
    const { token } = await signedInUser();
    const endsSoon = new Date(Date.now() + 400);
    await database.db
      .update(sessions)
      .set({ expiresAt: endsSoon })
      .where(eq(sessions.id, hashSessionToken(token)));
    expect(await resolver.resolve(token)).not.toBeNull(); // kept for up to 60 s, but not past its end
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await resolver.resolve(token)).toBeNull();
  });

  it('forgets a user once they write (dropViewer)', async () => {
    const { user, token } = await signedInUser();
    await resolver.resolve(token);
    await rename(user.id, 'after-a-write');
    resolver.dropViewer(user.id);
    expect((await resolver.resolve(token))?.username).toBe('after-a-write');
  });
});

describe('the session cache in the app', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = createTestApp(database, { SESSION_CACHE_SECONDS: '60' });
    await changeBus(database).ready();
  });

  it('refuses a signed-out cookie at once, though the session was cached', async () => {
    const { token } = await signedInUser();
    const cookie = `${SESSION_COOKIE}=${token}`;
    const info = () => requestJson(app, '/api/user/v1/getUserInfo', { headers: { cookie } });
    expect((await info()).status).toBe(200);
    const out = await requestJson(app, '/api/passport/auth', { method: 'DELETE', headers: { cookie } });
    expect(out.status).toBe(200);
    expect((await info()).status).toBe(401);
  });

  it("makes every process forget a writer's cached session: their new name shows on any instance at once", async () => {
    // `resolver` stands for another process's session cache: the app's write never calls its dropViewer.
    const { token } = await signedInUser();
    const cookie = `${SESSION_COOKIE}=${token}`;
    const before = await resolver.resolve(token);
    const renamed = `cluster_${Date.now().toString(36)}`;
    const write = await requestJson(app, '/api/user/v1/updateUserInfo', {
      method: 'POST',
      headers: { cookie },
      json: { field: 'username', value: renamed },
    });
    expect(write.status).toBe(200);
    expect(before?.username).not.toBe(renamed);
    expect((await resolver.resolve(token))?.username).toBe(renamed);
  });

  it("keeps other processes' cached sessions after a write that was refused", async () => {
    const { user, token } = await signedInUser();
    const cookie = `${SESSION_COOKIE}=${token}`;
    await resolver.resolve(token);
    await rename(user.id, 'renamed-behind');
    const refused = await requestJson(app, '/api/user/v1/updateUserInfo', {
      method: 'POST',
      headers: { cookie },
      json: { field: 'blogAddress', value: '不是链接' },
    });
    expect(refused.status).toBe(400);
    expect((await resolver.resolve(token))?.username).toBe(user.username);
  });
});
