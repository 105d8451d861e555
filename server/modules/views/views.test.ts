import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GUEST_ID } from '@core/ids.ts';
import type { Database } from '@db/client.ts';
import { entries, entryViews } from '@db/schema/content.ts';
import { users } from '@db/schema/users.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createUser, viewerOf } from '../../../tests/factories/users.ts';
import { type TestApp, requestJson, signIn } from '../../../tests/setup/test-app.ts';
import { setUpTestApp } from '../../../tests/setup/file-app.ts';
import { entryHotScore } from '@db/ranking.ts';
import { recordEntryView, viewDay } from './views.service.ts';

let database: Database;
let app: TestApp;

setUpTestApp({ categories: true }, (opened) => ({ database, app } = opened));

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

async function state(entryId: string, authorId: string) {
  const [entry] = await database.db
    .select({
      viewCount: entries.viewCount,
      hotScore: entries.hotScore,
      expected: sql<number>`${entryHotScore}`,
      searchScore: sql<number>`(select hot_score from entry_search where entry_id = ${entries.id})`,
    })
    .from(entries)
    .where(eq(entries.id, entryId));
  const [author] = await database.db.select({ beRead: users.beReadCount }).from(users).where(eq(users.id, authorId));
  return { ...entry, beRead: author.beRead };
}

describe('GET /api/view/getEntryView', () => {
  it('counts a signed-in visitor once per entry per day and never a bot', async () => {
    const author = await createUser(database.db);
    const entry = await createEntry(database.db, { userId: author.id });
    const reader = await createUser(database.db);
    const cookie = await signIn(app, reader);
    const path = `/api/view/getEntryView?entryId=${entry.id}`;

    const first = await requestJson<{ counted: boolean; viewCount: number; entryViewId: string }>(app, path, {
      headers: { cookie, 'user-agent': BROWSER },
    });
    expect(first.status).toBe(200);
    expect(first.body.d).toMatchObject({ counted: true, viewCount: 1 });
    const again = await requestJson<{ counted: boolean; entryViewId: string }>(app, path, {
      headers: { cookie, 'user-agent': BROWSER },
    });
    expect(again.body.d).toMatchObject({ counted: false, entryViewId: first.body.d.entryViewId });

    const bot = await requestJson<{ counted: boolean }>(app, path, { headers: { 'user-agent': GOOGLEBOT } });
    expect(bot.status).toBe(200);
    expect(bot.body.d.counted).toBe(false);

    const after = await state(entry.id, author.id);
    expect(after.viewCount).toBe(1);
    expect(after.beRead).toBe(1);
    expect(after.hotScore).toBeCloseTo(after.expected, 9);
    expect(after.searchScore).toBe(after.hotScore);
    const rows = await database.db.select().from(entryViews).where(eq(entryViews.entryId, entry.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ visitorId: reader.id, day: viewDay() });
    const [readerRow] = await database.db
      .select({ viewed: users.viewedEntriesCount })
      .from(users)
      .where(eq(users.id, reader.id));
    expect(readerRow.viewed).toBe(1);
  });

  it('counts anonymous visitors by their SUID cookie, and again on another day', async () => {
    const author = await createUser(database.db);
    const entry = await createEntry(database.db, { userId: author.id });
    const path = `/api/view/getEntryView?entryId=${entry.id}`;
    const suidA = `jinsha_suid=${'a'.repeat(24)}`;
    const suidB = `jinsha_suid=${'b'.repeat(24)}`;
    for (const cookie of [suidA, suidA, suidB]) {
      await requestJson(app, path, { headers: { cookie, 'user-agent': BROWSER } });
    }
    expect((await state(entry.id, author.id)).viewCount).toBe(2);

    const reader = await createUser(database.db);
    const viewer = viewerOf(reader);

    const ctx = { db: database.db, viewer, suid: 'c'.repeat(24), isBot: false };
    const today = new Date();
    const tomorrow = new Date(today.getTime() + 86_400_000);
    expect((await recordEntryView(ctx, { entryId: entry.id, now: today })).counted).toBe(true);
    expect((await recordEntryView(ctx, { entryId: entry.id, now: today })).counted).toBe(false);
    expect((await recordEntryView(ctx, { entryId: entry.id, now: tomorrow })).counted).toBe(true);
    const after = await state(entry.id, author.id);
    expect(after.viewCount).toBe(4);
    expect(after.beRead).toBe(4);
    // Viewed entries count distinct entries: the second day's view is the same entry.
    const [readerRow] = await database.db
      .select({ viewed: users.viewedEntriesCount })
      .from(users)
      .where(eq(users.id, reader.id));
    expect(readerRow.viewed).toBe(1);
  });

  it('answers 400 for a bad id and 404 for a missing entry', async () => {
    expect((await requestJson(app, '/api/view/getEntryView?entryId=xyz')).status).toBe(400);
    const missing = await requestJson(app, `/api/view/getEntryView?entryId=${GUEST_ID}`);
    expect(missing.status).toBe(404);
    expect(missing.body.m).toBe('此文章不存在');
  });
});
