import { verify } from '@node-rs/argon2';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_NAMES } from '@core/constants.ts';
import type { Database, Db } from '@db/client.ts';
import { banners, collections, entries, pins, tags } from '@db/schema/index.ts';
import { users } from '@db/schema/users.ts';
import { existsSync, readFileSync } from 'node:fs';
import { tableOfContents } from '../../server/markdown/markdown.ts';
import { toSearchQuery } from '../../server/adapters/tokenizer.ts';
import { entryHotScore } from '@db/ranking.ts';
import { counterMismatches, scalar } from '../../tests/setup/counters.ts';
import { createTestDatabase } from '../../tests/setup/test-db.ts';
import { ADMIN_ACCOUNT, DEMO_ACCOUNT } from './content/people.ts';
import { seedDemoIfEmpty } from './demo.ts';
import { generateScale, ScaleRefusal } from './scale.ts';

/** Rows whose stored counter differs from a count of what it counts; written apart from db/seed/counters.ts. */
const COUNTER_CHECKS: Record<string, SQL> = {
  'entries.like_count': sql`SELECT count(*) FROM entries e WHERE like_count <> (SELECT count(*) FROM entry_likes l WHERE l.entry_id = e.id)`,
  'entries.comment_count': sql`SELECT count(*) FROM entries e WHERE comment_count <> (SELECT count(*) FROM comments c WHERE c.target_type = 'entry' AND c.target_id = e.id)`,
  'entries.latest_comment_at': sql`SELECT count(*) FROM entries e WHERE latest_comment_at IS DISTINCT FROM (SELECT max(created_at) FROM comments c WHERE c.target_type = 'entry' AND c.target_id = e.id)`,
  'entries.collection_count': sql`SELECT count(*) FROM entries e WHERE collection_count <> (SELECT count(*) FROM collection_entries ce WHERE ce.entry_id = e.id)`,
  'entries.hot_score': sql`SELECT count(*) FROM entries WHERE abs(hot_score - ${entryHotScore}) > 1e-9`,
  'entry_search rows': sql`SELECT count(*) FROM entries e FULL JOIN entry_search s ON s.entry_id = e.id
    WHERE s.entry_id IS NULL OR e.id IS NULL OR s.hot_score <> e.hot_score OR s.user_id IS DISTINCT FROM e.user_id`,
  'comments.like_count': sql`SELECT count(*) FROM comments c WHERE like_count <> (SELECT count(*) FROM comment_likes l WHERE l.comment_id = c.id)`,
  'comments.sub_comment_count': sql`SELECT count(*) FROM comments c WHERE sub_comment_count <> (SELECT count(*) FROM comments r WHERE r.parent_id = c.id)`,
  'pins.like_count': sql`SELECT count(*) FROM pins p WHERE like_count <> (SELECT count(*) FROM pin_likes l WHERE l.pin_id = p.id)`,
  'pins.comment_count': sql`SELECT count(*) FROM pins p WHERE comment_count <> (SELECT count(*) FROM comments c WHERE c.target_type = 'pin' AND c.target_id = p.id)`,
  'collections.follower_count': sql`SELECT count(*) FROM collections c WHERE follower_count <> (SELECT count(*) FROM collection_follows f WHERE f.collection_id = c.id)`,
  'collections.entry_count': sql`SELECT count(*) FROM collections c WHERE entry_count <> (SELECT count(*) FROM collection_entries ce JOIN entries e ON e.id = ce.entry_id WHERE ce.collection_id = c.id AND e.hidden_at IS NULL)`,
  'repos.comment_count': sql`SELECT count(*) FROM repos r WHERE comment_count <> (SELECT count(*) FROM comments c WHERE c.target_type = 'repo' AND c.target_id = r.id)`,
  'booklets.section_count': sql`SELECT count(*) FROM booklets b WHERE section_count <> (SELECT count(*) FROM booklet_sections s WHERE s.booklet_id = b.id)`,
  'booklets.buy_count': sql`SELECT count(*) FROM booklets b WHERE buy_count <> (SELECT count(*) FROM booklet_purchases p WHERE p.booklet_id = b.id)`,
  'categories.entries_count': sql`SELECT count(*) FROM categories c WHERE entries_count <> (SELECT count(*) FROM entries e WHERE e.category_id = c.id)`,
  category_entry_counts: sql`SELECT count(*) FROM category_entry_counts k
    FULL JOIN (SELECT category_id, type, count(*) AS n, count(latest_comment_at) AS c FROM entries GROUP BY 1, 2) e
      ON e.category_id = k.category_id AND e.type = k.type
    WHERE coalesce(k.entries_count, 0) <> coalesce(e.n, 0) OR coalesce(k.commented_count, 0) <> coalesce(e.c, 0)`,
  'tags.entries_count': sql`SELECT count(*) FROM tags t WHERE entries_count <> (SELECT count(*) FROM entry_tags et WHERE et.tag_id = t.id)`,
  'tags.subscribers_count': sql`SELECT count(*) FROM tags t WHERE subscribers_count <> (SELECT count(*) FROM tag_subscriptions s WHERE s.tag_id = t.id)`,
  'users.follower_count': sql`SELECT count(*) FROM users u WHERE follower_count <> (SELECT count(*) FROM follows f WHERE f.followee_id = u.id)`,
  'users.following_count': sql`SELECT count(*) FROM users u WHERE following_count <> (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)`,
  'users.be_liked_count': sql`SELECT count(*) FROM users u WHERE be_liked_count <> (SELECT count(*) FROM entry_likes l JOIN entries e ON e.id = l.entry_id WHERE e.user_id = u.id)`,
  'users.liked_entries_count': sql`SELECT count(*) FROM users u WHERE liked_entries_count <> (SELECT count(*) FROM entry_likes l WHERE l.user_id = u.id)`,
  'users.posted_posts_count': sql`SELECT count(*) FROM users u WHERE posted_posts_count <> (SELECT count(*) FROM entries e WHERE e.user_id = u.id AND e.type = 'post')`,
  'users.posted_entries_count': sql`SELECT count(*) FROM users u WHERE posted_entries_count <> (SELECT count(*) FROM entries e WHERE e.user_id = u.id AND e.type <> 'post')`,
  'users.subscribed_tag_count': sql`SELECT count(*) FROM users u WHERE subscribed_tag_count <> (SELECT count(*) FROM tag_subscriptions s WHERE s.user_id = u.id)`,
  'users.pin_count': sql`SELECT count(*) FROM users u WHERE pin_count <> (SELECT count(*) FROM pins p WHERE p.user_id = u.id)`,
  'users.collection_count': sql`SELECT count(*) FROM users u WHERE collection_count <> (SELECT count(*) FROM collections c WHERE c.user_id = u.id)`,
  'users.followed_collection_count': sql`SELECT count(*) FROM users u WHERE followed_collection_count <> (SELECT count(*) FROM collection_follows f WHERE f.user_id = u.id)`,
  'users.bought_book_count': sql`SELECT count(*) FROM users u WHERE bought_book_count <> (SELECT count(*) FROM booklet_purchases p WHERE p.user_id = u.id)`,
  'users.wrote_book_count': sql`SELECT count(*) FROM users u WHERE wrote_book_count <> (SELECT count(*) FROM booklets b WHERE b.user_id = u.id)`,
  'users.unread_user_notification_count': sql`SELECT count(*) FROM users u WHERE unread_user_notification_count <> (SELECT count(*) FROM notifications n WHERE n.user_id = u.id AND NOT n.read)`,
  'users.unread_system_notification_count': sql`SELECT count(*) FROM users u WHERE unread_system_notification_count <> (SELECT count(*) FROM system_notifications n WHERE n.user_id = u.id AND NOT n."check")`,
  'users.wallet_balance': sql`SELECT count(*) FROM users u WHERE wallet_balance <> (SELECT coalesce(sum(amount), 0) FROM wallet_bills b WHERE b.user_id = u.id)`,
};

const count = (db: Db, table: string, where: SQL = sql`true`) =>
  scalar(db, sql`SELECT count(*) FROM ${sql.identifier(table)} WHERE ${where}`);

describe('demo seed', () => {
  let database: Database;
  let seeded: Awaited<ReturnType<typeof seedDemoIfEmpty>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    seeded = await seedDemoIfEmpty(database);
  }, 240_000);
  afterAll(() => database?.close());

  it('fills an empty database once and leaves a seeded one alone', async () => {
    expect(seeded).toEqual({ users: 48, entries: expect.any(Number) });
    expect(seeded!.entries).toBeGreaterThanOrEqual(300);
    expect(await seedDemoIfEmpty(database)).toBeNull();
  });

  it('keeps every counter equal to the rows it counts', async () => {
    expect(await counterMismatches(database.db, COUNTER_CHECKS)).toEqual({});
  });

  it('has the nine categories in order, 30 built-in tags and at least 60 tags', async () => {
    const { db } = database;
    const names = await db.select({ name: sql<string>`name` }).from(sql`categories`).orderBy(sql`position`);
    expect(names.map((c) => c.name)).toEqual([...CATEGORY_NAMES]);
    expect(await count(db, 'tags')).toBeGreaterThanOrEqual(60);
    expect(await count(db, 'tags', sql`is_builtin AND category_id IS NOT NULL`)).toBe(30);
    const fivePerCategory = sql`SELECT count(*) FROM (SELECT category_id FROM tags WHERE is_builtin GROUP BY 1 HAVING count(*) = 5) q`;
    expect(await scalar(db, fivePerCategory)).toBe(6);
    expect(await count(db, 'categories', sql`entries_count = 0`)).toBe(0);
  });

  it('has entries of every type, written ones rendered and searchable', async () => {
    const { db } = database;
    expect(await count(db, 'entries', sql`type = 'post'`)).toBeGreaterThan(50);
    expect(await count(db, 'entries', sql`type = 'vote'`)).toBeGreaterThan(3);
    // Every vote has options and voters.
    expect(
      await count(
        db,
        'entries',
        sql`type = 'vote' AND (SELECT count(*) FROM vote_options o WHERE o.entry_id = entries.id) < 2`,
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        'entries',
        sql`type = 'vote' AND NOT EXISTS (SELECT 1 FROM entry_votes v WHERE v.entry_id = entries.id)`,
      ),
    ).toBe(0);
    expect(await count(db, 'entries', sql`original_url <> '' AND content = '' AND NOT is_original`)).toBeGreaterThan(
      50,
    );
    expect(await count(db, 'entries', sql`content <> '' AND (content_html = '' OR abstract = '')`)).toBe(0);
    expect(await count(db, 'entries', sql`content_html LIKE '%class="hljs%'`)).toBeGreaterThan(100);
    expect(await count(db, 'entry_search', sql`length(search_vector) = 0`)).toBe(0);
    expect(await count(db, 'entries', sql`hot`)).toBeGreaterThan(3);
    expect(await count(db, 'entries', sql`created_at < now() - interval '125 days' OR created_at > now()`)).toBe(0);
    expect(await count(db, 'entry_tags', sql`true`)).toBeGreaterThanOrEqual(300);
    for (const query of ['服务端渲染', 'PostgreSQL 索引', '协程', '大模型']) {
      const hits = await count(
        db,
        'entry_search',
        sql`search_vector @@ plainto_tsquery('simple', ${toSearchQuery(query)})`,
      );
      expect(hits, query).toBeGreaterThan(0);
    }
  });

  it('has valid usernames, avatars and the two documented accounts', async () => {
    const { db } = database;
    const all = await db.select({ username: users.username, avatar: users.avatarLarge }).from(users);
    for (const user of all) {
      expect(user.username).toMatch(/^[\u4e00-\u9fa5A-Za-z0-9_]{1,20}$/);
      expect(user.avatar).toMatch(/^\/avatars\/\d+\.svg$/);
    }
    const [demo] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNT.email));
    expect(demo).toMatchObject({
      username: DEMO_ACCOUNT.username,
      mobilePhoneNumber: DEMO_ACCOUNT.phone,
      role: 'user',
      isXiaoceAuthor: true,
      hasWallet: true,
    });
    expect(await verify(demo.passwordHash!, DEMO_ACCOUNT.password)).toBe(true);
    expect(demo.unreadUserNotificationCount).toBeGreaterThan(0);
    expect(demo.unreadSystemNotificationCount).toBeGreaterThan(0);
    expect(demo.walletBalance).toBeGreaterThan(0);
    const [admin] = await db.select().from(users).where(eq(users.email, ADMIN_ACCOUNT.email));
    expect(admin.role).toBe('admin');
    expect(await verify(admin.passwordHash!, ADMIN_ACCOUNT.password)).toBe(true);
  });

  it('looks finished (issue 12): illustrated avatars, tag icons, covers, prose abstracts', async () => {
    const { db } = database;
    const publicFile = (path: string) => new URL(`../../public${path}`, import.meta.url);
    const avatars = new Set((await db.select({ a: users.avatarLarge }).from(users)).map((u) => u.a));
    expect(avatars.size).toBeGreaterThanOrEqual(20);
    for (const avatar of avatars) {
      const svg = readFileSync(publicFile(avatar), 'utf8');
      expect(svg, avatar).toMatch(/<dc:title>(Notionists|Lorelei)<\/dc:title>/);
    }
    const builtin = await db.select({ title: tags.title, icon: tags.icon }).from(tags).where(sql`is_builtin`);
    expect(builtin).toHaveLength(30);
    for (const tag of builtin) {
      expect(tag.icon, tag.title).toMatch(/^\/tags\/[a-z-]+\.svg$/);
      expect(existsSync(publicFile(tag.icon)), tag.icon).toBe(true);
    }
    const written = await db
      .select({ content: entries.content, abstract: entries.abstract, screenshot: entries.screenshot })
      .from(entries)
      .where(sql`content <> '' AND type = 'article'`);
    const covered = written.filter((e) => e.screenshot !== '');
    expect(covered.length).toBeGreaterThan(written.length / 4);
    for (const { screenshot } of covered) expect(existsSync(publicFile(screenshot)), screenshot).toBe(true);
    // Banners and pin pictures are files too, not data URLs a feed page would carry twice (issue 10 goal 5).
    const bannerRows = await db.select({ imageUrl: banners.imageUrl }).from(banners);
    const pictures = (await db.select({ list: pins.imageUrlList }).from(pins)).flatMap((p) => p.list);
    expect(pictures.length).toBeGreaterThan(0);
    for (const url of [...bannerRows.map((b) => b.imageUrl), ...pictures]) {
      expect(url).toMatch(/^\/(banners|snippets)\/\d+\.svg$/);
      expect(existsSync(publicFile(url)), url).toBe(true);
    }
    for (const { content, abstract } of written) {
      for (const heading of tableOfContents(content))
        expect(abstract.startsWith(heading.text), heading.text).toBe(false);
      const fences = [...content.matchAll(/```[a-z]*\n([^\n]{8,})/g)].map((m) => m[1].trim());
      for (const line of fences) expect(abstract, line).not.toContain(line);
    }
    for (const { imageUrl } of await db.select({ imageUrl: collections.imageUrl }).from(collections)) {
      expect(decodeURIComponent(imageUrl)).not.toContain('<text');
    }
  });

  it('has the rest of the community: pins, collections, repos, booklets, events, banners', async () => {
    const { db } = database;
    expect(await count(db, 'pins')).toBeGreaterThanOrEqual(60);
    expect(await count(db, 'pins', sql`image_url_list = '[]'::jsonb`)).toBeGreaterThan(0);
    expect(await count(db, 'comments', sql`parent_id IS NOT NULL AND reply_comment_id IS NOT NULL`)).toBeGreaterThan(
      20,
    );
    expect(await count(db, 'collections')).toBeGreaterThanOrEqual(15);
    expect(await count(db, 'repos')).toBeGreaterThanOrEqual(20);
    expect(await count(db, 'repo_tags', sql`parent_id IS NULL`)).toBe(4);
    expect(await count(db, 'repo_translations')).toBeGreaterThanOrEqual(20);
    expect(await count(db, 'booklets')).toBeGreaterThanOrEqual(8);
    expect(await count(db, 'booklet_sections', sql`is_free`)).toBeGreaterThan(0);
    expect(await count(db, 'booklet_sections', sql`NOT is_free`)).toBeGreaterThan(0);
    expect(await count(db, 'booklet_purchases')).toBeGreaterThan(0);
    expect(
      await count(db, 'events', sql`started_at > now() AND started_at < now() + interval '4 months'`),
    ).toBeGreaterThanOrEqual(15);
    expect(await scalar(db, sql`SELECT count(DISTINCT city) FROM events`)).toBe(6);
    // 往期活动: events that already ended, spread over the last months.
    expect(await count(db, 'events', sql`ended_at < now()`)).toBeGreaterThanOrEqual(5);
    expect(
      await scalar(db, sql`SELECT count(DISTINCT date_trunc('month', started_at)) FROM events WHERE ended_at < now()`),
    ).toBeGreaterThanOrEqual(2);
    for (const position of ['hero', 'aside']) {
      expect(
        await count(db, 'banners', sql`position = ${position} AND started_at <= now() AND ended_at > now()`),
      ).toBeGreaterThan(0);
    }
  });
});

describe('scale generator', () => {
  let database: Database;
  let report: Awaited<ReturnType<typeof generateScale>>;

  // Generating is the slow part: done once, then each test checks one thing.
  beforeAll(async () => {
    database = await createTestDatabase();
    report = await generateScale(database, { entries: 3000, users: 300 });
  }, 120_000);
  afterAll(() => database?.close());

  it('fills an empty database with the asked entries and people, each entry with an author and words', async () => {
    expect(report).toMatchObject({ users: 300, entries: 3000 });
    expect(report.likes / report.entries).toBeGreaterThan(2);
    expect(report.comments / report.entries).toBeGreaterThan(0.8);
    const { db } = database;
    expect(await count(db, 'entries')).toBe(3000);
    expect(await count(db, 'users')).toBe(300);
    expect(await count(db, 'entries', sql`user_id IS NULL`)).toBe(0);
    expect(await count(db, 'entry_search', sql`length(search_vector) = 0`)).toBe(0);
  });

  it('leaves every counter equal to the rows it counts', async () => {
    expect(await counterMismatches(database.db, COUNTER_CHECKS)).toEqual({});
  });

  it('rebuilds the indexes it dropped for the load: a keyset page is one index range', async () => {
    const { db } = database;
    expect(await scalar(db, sql`SELECT count(*) FROM pg_indexes WHERE tablename = 'entries'`)).toBeGreaterThanOrEqual(
      12,
    );
    expect(await scalar(db, sql`SELECT count(*) FROM pg_indexes WHERE tablename = 'entry_search'`)).toBe(3);
  });

  it('refuses a database with entries unless appending', async () => {
    await expect(generateScale(database, { entries: 10, users: 0 })).rejects.toBeInstanceOf(ScaleRefusal);
    expect(await count(database.db, 'entries')).toBe(3000);
  });

  it('appends exactly, counters still exact', async () => {
    await generateScale(database, { entries: 500, users: 20, append: true });
    const { db } = database;
    expect(await count(db, 'entries')).toBe(3500);
    expect(await count(db, 'users')).toBe(320);
    expect(await counterMismatches(db, COUNTER_CHECKS)).toEqual({});
  }, 60_000);
});
