import { hash } from '@node-rs/argon2';
import { type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { CATEGORY_TITLES, type CategoryName } from '@core/constants.ts';
import { authorShare } from '@core/pricing.ts';
import { toSearchText } from '../../server/adapters/tokenizer.ts';
import { makeAbstract, renderMarkdown } from '../../server/markdown/markdown.ts';
import { analyze, type Database, type Tx } from '../client.ts';
import * as schema from '../schema/index.ts';
import { AVATAR_COUNT, avatarPath, bannerPath, coverArt, coverPath, snippetPath } from './artwork.ts';
import { type ArticleTemplate, composeArticle, loadArticleTemplates } from './content/articles.ts';
import { BANNERS, BOOKLETS, EVENTS, LANGUAGE_COLORS, PAST_EVENTS, REPO_TAG_TREE, REPOS } from './content/catalog.ts';
import {
  AUTHOR_REPLY_TEXTS,
  COLLECTIONS,
  COMMENT_TEXTS,
  PIN_COMMENT_TEXTS,
  PIN_REPLY_TEXTS,
  PIN_TEXTS,
  REPLY_TEXTS,
  SYSTEM_NOTICES,
  VOTE_ANSWER_TEXTS,
} from './content/community.ts';
import { SHARED_LINKS, VOTES } from './content/links.ts';
import { ADMIN_ACCOUNT, ADMIN_PERSON, DEMO_ACCOUNT, DEMO_PERSON, PEOPLE, type Person } from './content/people.ts';
import { recountCategories, recountContent, recountTags, recountUsers } from './counters.ts';
import { DAY, HOUR, MINUTE, SeededRandom } from './random.ts';
import { buildTaxonomy } from './taxonomy.ts';
import { seedAuthorAnalytics } from './analytics.ts';
import { REPEATABLE_NOTIFICATIONS, repeatTargetOf } from '../notification-targets.ts';
import { refreshRepoTrending } from '../repo-trending.ts';

/**
 * Demo content for `npm start` and `npm run seed`: real topics in natural Chinese, the same
 * content and relations on every run (a seeded PRNG), no network. Only the clock moves: times
 * are laid out backwards from the current hour so the site always looks alive.
 */

type Row<T extends PgTable> = T['$inferInsert'];

const UNREAD_NOTIFICATIONS = 7;

/** Seeds only a database without users; concurrent starters wait on one advisory lock. */
export async function seedDemoIfEmpty(database: Database): Promise<{ users: number; entries: number } | null> {
  const hashes = await hashPasswords();
  const result = await database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(20261122)`);
    const [existing] = await tx.select({ id: schema.users.id }).from(schema.users).limit(1);
    if (existing) return null;
    return writeDemo(tx, hashes);
  });
  if (result) await analyze(database.db);
  return result;
}

/** Seeds unconditionally (a second run fails on the unique usernames). */
export async function seedDemo(database: Database): Promise<{ users: number; entries: number }> {
  const hashes = await hashPasswords();
  const result = await database.db.transaction((tx) => writeDemo(tx, hashes));
  await analyze(database.db);
  return result;
}

/** Argon2 takes ~30 ms a hash: every demo user shares one, and the admin has its own. */
async function hashPasswords() {
  const [demo, admin] = await Promise.all([hash(DEMO_ACCOUNT.password), hash(ADMIN_ACCOUNT.password)]);
  return { demo, admin };
}

async function insertRows<T extends PgTable>(tx: Tx, table: T, rows: PgInsertValue<T>[], chunk = 400): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    await tx.insert(table).values(rows.slice(i, i + chunk));
  }
}

/** A time between two others (the first, when they come in the wrong order). */
function between(random: SeededRandom, from: number, to: number): Date {
  return new Date(Math.round(from + random.next() * Math.max(0, to - from)));
}

interface SeedUser {
  id: string;
  person: Person;
  createdAt: Date;
  /** How much the person posts: a few are prolific, most are occasional. */
  activity: number;
}

interface SeedEntry {
  id: string;
  userId: string;
  type: schema.EntryType;
  category: CategoryName;
  title: string;
  tags: string[];
  createdAt: Date;
  written: boolean;
}

interface SeedComment {
  id: string;
  userId: string;
  targetType: schema.CommentTargetType;
  targetId: string;
  parentId: string | null;
  createdAt: Date;
}

async function writeDemo(tx: Tx, hashes: { demo: string; admin: string }) {
  const random = new SeededRandom(20261122);
  const now = Date.now();
  const base = now - (now % HOUR);
  const id = (at: Date | number) => random.id(new Date(at));

  // Categories in the order of core/constants; the built-in tags, then the community's.
  const { categoryRows, tagRows, categoryIds, tagIds, tagCategory } = buildTaxonomy(id, (k, builtin) =>
    builtin ? new Date(base - 480 * DAY + k * HOUR) : new Date(base - random.int(150, 460) * DAY),
  );
  await insertRows(tx, schema.categories, categoryRows);
  await insertRows(tx, schema.tags, tagRows);

  // Users: the admin, the demo account, then everyone else.
  const people = [ADMIN_PERSON, DEMO_PERSON, ...PEOPLE];
  if (people.length > AVATAR_COUNT) throw new Error('more demo people than avatar files');
  const seedUsers: SeedUser[] = people.map((person, index) => {
    const createdAt = new Date(
      base - (index < 2 ? 430 - index * 200 : random.int(130, 420)) * DAY - random.int(0, 20) * HOUR,
    );
    return { id: id(createdAt), person, createdAt, activity: index < 2 ? 1 : 0.3 + random.next() ** 2 * 3 };
  });
  const [admin, demo] = seedUsers;
  const byName = new Map(seedUsers.map((u) => [u.person.username, u]));
  const writers = seedUsers.slice(1);
  await insertRows(
    tx,
    schema.users,
    seedUsers.map(({ id: userId, person, createdAt }, index) => ({
      id: userId,
      username: person.username,
      email: index === 0 ? ADMIN_ACCOUNT.email : index === 1 ? DEMO_ACCOUNT.email : `member${index}@jinsha.dev`,
      emailVerified: true,
      mobilePhoneNumber: index === 1 ? DEMO_ACCOUNT.phone : null,
      mobilePhoneVerified: index === 1,
      passwordHash: index === 0 ? hashes.admin : hashes.demo,
      role: person.role ?? 'user',
      avatarLarge: avatarPath(index),
      selfDescription: person.selfDescription,
      jobTitle: person.jobTitle,
      company: person.company,
      blogAddress: person.blogAddress ?? '',
      isXiaoceAuthor: person.isXiaoceAuthor ?? false,
      hasWallet: index === 1,
      weeklyEmail: index !== 1,
      latestLoginedInAt: new Date(base - random.int(0, 72) * HOUR),
      createdAt,
      updatedAt: createdAt,
    })),
  );

  const tagId = (title: string) => {
    const found = tagIds.get(title);
    if (!found) throw new Error(`demo content names an unknown tag: ${title}`);
    return found;
  };
  const tagsOf = (categories: CategoryName[]) =>
    [...tagCategory.entries()].filter(([, c]) => categories.includes(c)).map(([title]) => title);

  // Tag subscriptions and follows, led by each person's interests.
  const subscriptionRows: Row<typeof schema.tagSubscriptions>[] = [];
  for (const user of seedUsers) {
    const preferred = random.sample(tagsOf(user.person.interests), user === demo ? 6 : random.int(2, 7));
    const others = random.sample(
      [...tagIds.keys()].filter((t) => !preferred.includes(t)),
      user === demo ? 2 : random.int(0, 3),
    );
    for (const title of [...preferred, ...others]) {
      subscriptionRows.push({
        userId: user.id,
        tagId: tagId(title),
        createdAt: between(random, user.createdAt.getTime(), base),
      });
    }
  }
  await insertRows(tx, schema.tagSubscriptions, subscriptionRows);

  const followPairs = new Set<string>();
  const followRows: Row<typeof schema.follows>[] = [];
  const follow = (follower: SeedUser, followee: SeedUser, at: Date) => {
    const key = `${follower.id}>${followee.id}`;
    if (follower === followee || followPairs.has(key)) return;
    followPairs.add(key);
    followRows.push({ followerId: follower.id, followeeId: followee.id, createdAt: at });
  };
  const since = (a: SeedUser, b: SeedUser) => Math.max(a.createdAt.getTime(), b.createdAt.getTime());
  for (const user of seedUsers) {
    const alike = writers.filter(
      (w) => w !== user && w.person.interests.some((i) => user.person.interests.includes(i)),
    );
    for (const followee of random.sample(alike, user === demo ? 10 : random.int(2, 9))) {
      follow(user, followee, between(random, since(user, followee), base - 2 * DAY));
    }
    for (const followee of random.sample(writers, random.int(1, 4))) {
      follow(user, followee, between(random, since(user, followee), base - 2 * DAY));
    }
  }
  // The demo account is followed by many, the newest of them in the last days (unread notifications).
  for (const [k, follower] of random.sample(seedUsers.slice(2), 22).entries()) {
    const at =
      k < 4 ? between(random, base - 2 * DAY, base - HOUR) : between(random, since(follower, demo), base - 3 * DAY);
    follow(follower, demo, at);
  }
  await insertRows(tx, schema.follows, followRows);

  // Entries: written articles from the templates, shared links and votes.
  const templates = loadArticleTemplates();
  const authorFor = (category: CategoryName) => {
    const candidates = writers.filter((w) => w.person.interests.includes(category));
    const pool = candidates.length > 0 ? candidates : writers;
    const total = pool.reduce((sum, w) => sum + w.activity, 0);
    let roll = random.next() * total;
    for (const w of pool) {
      roll -= w.activity;
      if (roll <= 0) return w;
    }
    return pool[pool.length - 1];
  };
  const entryTime = () => {
    // Denser towards today, spread over the last ~120 days.
    const daysAgo = random.next() ** 1.4 * 120;
    return new Date(base - daysAgo * DAY - random.int(10, 50) * MINUTE);
  };

  const seedEntries: SeedEntry[] = [];
  const entryRows: Array<Row<typeof schema.entries> & { id: string }> = [];
  const searchRows: Array<Omit<Row<typeof schema.entrySearch>, 'searchVector'> & { searchVector: SQL }> = [];
  const entryTagRows: Row<typeof schema.entryTags>[] = [];
  const addEntry = (
    entry: Omit<SeedEntry, 'id'>,
    body: { content: string; abstract: string; originalUrl?: string; english?: boolean; screenshot?: string },
  ) => {
    const entryId = id(entry.createdAt);
    const rendered = body.content ? renderMarkdown(body.content) : null;
    const abstract = rendered ? makeAbstract(rendered.summary) : body.abstract;
    const searchText = toSearchText(entry.title, abstract, rendered?.text ?? '', ...entry.tags);
    seedEntries.push({ ...entry, id: entryId });
    entryRows.push({
      id: entryId,
      userId: entry.userId,
      type: entry.type,
      title: entry.title,
      content: body.content,
      contentHtml: rendered?.html ?? '',
      abstract,
      originalUrl: body.originalUrl ?? '',
      screenshot: body.screenshot ?? '',
      categoryId: categoryIds.get(entry.category)!,
      isOriginal: !body.originalUrl,
      isEnglish: body.english ?? false,
      readingMinutes: rendered?.readingMinutes ?? 1,
      createdAt: entry.createdAt,
      updatedAt: entry.createdAt,
    });
    searchRows.push({ entryId, userId: entry.userId, searchVector: sql`to_tsvector('simple', ${searchText})` });
    for (const title of entry.tags) {
      entryTagRows.push({ entryId, tagId: tagId(title), entryCreatedAt: entry.createdAt });
    }
  };

  for (const template of templates) {
    template.titles.forEach((title, k) => {
      const author =
        random.chance(0.06) && DEMO_PERSON.interests.includes(template.category) ? demo : authorFor(template.category);
      addEntry(
        {
          userId: author.id,
          type: random.chance(0.25) ? (template.kind === 'post' ? 'article' : 'post') : template.kind,
          category: template.category,
          title,
          tags: random.sample(template.tags, random.int(1, template.tags.length)),
          createdAt: entryTime(),
          written: true,
        },
        {
          content: composeArticle(template, chooseSections(random, template, k)),
          abstract: '',
          // Two written entries in five carry a cover (the feed's thumbnail), by position, not by chance.
          screenshot: entryRows.length % 5 < 2 ? coverPath(entryRows.length) : undefined,
        },
      );
    });
  }
  for (const link of SHARED_LINKS) {
    const author = random.chance(0.05) ? demo : authorFor(link.category);
    addEntry(
      {
        userId: author.id,
        type: 'article',
        category: link.category,
        title: link.title,
        tags: link.tags,
        createdAt: entryTime(),
        written: false,
      },
      { content: '', abstract: link.summary, originalUrl: link.url, english: link.english },
    );
  }
  const voteEntries: Array<{ entryId: string; options: string[]; createdAt: Date }> = [];
  for (const [k, vote] of VOTES.entries()) {
    const author = k === 2 ? demo : authorFor(vote.category);
    // The options are the vote's own (vote_options, below); the text invites the answers.
    const content = '大家来投个票，选好之后欢迎在评论区说说你的理由，一周后整理结果发出来。';
    addEntry(
      {
        userId: author.id,
        type: 'vote',
        category: vote.category,
        title: vote.title,
        tags: vote.tags,
        createdAt: entryTime(),
        written: true,
      },
      { content, abstract: '' },
    );
    voteEntries.push({
      entryId: seedEntries[seedEntries.length - 1].id,
      options: vote.options,
      createdAt: seedEntries[seedEntries.length - 1].createdAt,
    });
  }
  seedEntries.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  // Likes, views and the admin's recommendations.
  const likeRows: Row<typeof schema.entryLikes>[] = [];
  const likesPerEntry = new Map<string, number>();
  for (const entry of seedEntries) {
    const likers = random.sample(
      seedUsers.filter((u) => u.id !== entry.userId),
      entry.written ? random.skewed(42) : random.skewed(18),
    );
    likesPerEntry.set(entry.id, likers.length);
    for (const liker of likers) {
      likeRows.push({
        userId: liker.id,
        entryId: entry.id,
        createdAt: between(random, entry.createdAt.getTime(), base),
      });
    }
  }
  const recommended = new Set(
    [...seedEntries]
      .filter((e) => e.written && e.type !== 'vote')
      .sort((a, b) => (likesPerEntry.get(b.id) ?? 0) - (likesPerEntry.get(a.id) ?? 0))
      .slice(0, 12)
      .map((e) => e.id),
  );
  for (const row of entryRows) {
    const likes = likesPerEntry.get(row.id) ?? 0;
    row.viewCount = likes * random.int(12, 40) + random.int(40, 600);
    row.hot = recommended.has(row.id);
  }
  await insertRows(tx, schema.entries, entryRows, 100);

  // Votes: each vote entry's options, and one vote each from a sample of people, the first
  // options a little more popular (docs/decisions/005-votes.md).
  const voteOptionRows: Row<typeof schema.voteOptions>[] = [];
  const entryVoteRows: Row<typeof schema.entryVotes>[] = [];
  for (const vote of voteEntries) {
    const optionIds = vote.options.map(() => id(vote.createdAt));
    const counts = vote.options.map(() => 0);
    for (const voter of random.sample(seedUsers, random.int(12, 36))) {
      const choice = Math.min(vote.options.length - 1, Math.floor(random.next() ** 1.6 * vote.options.length));
      counts[choice] += 1;
      const at = between(random, vote.createdAt.getTime(), base);
      entryVoteRows.push({
        entryId: vote.entryId,
        userId: voter.id,
        optionId: optionIds[choice],
        createdAt: at,
        updatedAt: at,
      });
    }
    vote.options.forEach((title, position) => {
      voteOptionRows.push({
        id: optionIds[position],
        entryId: vote.entryId,
        position,
        title,
        voteCount: counts[position],
      });
    });
  }
  await insertRows(tx, schema.voteOptions, voteOptionRows);
  await insertRows(tx, schema.entryVotes, entryVoteRows);
  await insertRows(tx, schema.entrySearch, searchRows, 100);
  await insertRows(tx, schema.entryTags, entryTagRows);
  await insertRows(tx, schema.entryLikes, likeRows);
  // The demo author's analytics: views per day and rolled-up shares (db/seed/analytics.ts).
  await seedAuthorAnalytics(tx, {
    base,
    entries: entryRows
      .filter((row) => row.userId === demo.id)
      .map((row) => ({ id: row.id, createdAt: row.createdAt ?? new Date(base), viewCount: row.viewCount ?? 0 })),
  });

  // Comments and replies on entries, plus their likes.
  const seedComments: SeedComment[] = [];
  const commentRows: Row<typeof schema.comments>[] = [];
  const addComment = (
    c: Omit<SeedComment, 'id'> & { content: string; replyCommentId?: string; replyUserId?: string; images?: string[] },
  ) => {
    const commentId = id(c.createdAt);
    seedComments.push({ ...c, id: commentId });
    commentRows.push({
      id: commentId,
      targetType: c.targetType,
      targetId: c.targetId,
      userId: c.userId,
      content: c.content,
      imageUrlList: c.images ?? [],
      parentId: c.parentId,
      replyCommentId: c.replyCommentId ?? null,
      replyUserId: c.replyUserId ?? null,
      createdAt: c.createdAt,
      updatedAt: c.createdAt,
    });
    return commentId;
  };
  const articleReplies = { author: AUTHOR_REPLY_TEXTS, others: REPLY_TEXTS };
  const pinReplies = { author: PIN_REPLY_TEXTS, others: PIN_REPLY_TEXTS };
  /** A thread: first-level comments, some with a few replies (the author often answers). */
  const thread = (
    target: { type: schema.CommentTargetType; id: string; authorId: string | null; createdAt: Date },
    count: number,
    texts: string[],
    replyTexts: { author: string[]; others: string[] } = articleReplies,
  ) => {
    const start = target.createdAt.getTime();
    for (const text of random.sample(texts, count)) {
      const author = random.pick(seedUsers.slice(1));
      const at = between(random, start + 10 * MINUTE, base - 5 * MINUTE);
      const parentId = addComment({
        userId: author.id,
        targetType: target.type,
        targetId: target.id,
        parentId: null,
        createdAt: at,
        content: text,
      });
      let replied = { id: parentId, userId: author.id, at: at.getTime() };
      const replies = random.chance(0.35) ? random.int(1, 3) : 0;
      for (let r = 0; r < replies; r++) {
        const byAuthor = target.authorId && r === 0 && random.chance(0.6);
        const replier = byAuthor ? target.authorId! : random.pick(seedUsers.slice(1)).id;
        if (replier === replied.userId) continue;
        const replyAt = between(random, replied.at + MINUTE, Math.min(base - MINUTE, replied.at + 2 * DAY));
        const replyId = addComment({
          userId: replier,
          targetType: target.type,
          targetId: target.id,
          parentId,
          createdAt: replyAt,
          content: random.pick(byAuthor ? replyTexts.author : replyTexts.others),
          replyCommentId: replied.id,
          replyUserId: replied.userId,
        });
        replied = { id: replyId, userId: replier, at: replyAt.getTime() };
      }
    }
  };
  for (const entry of seedEntries) {
    const texts = entry.type === 'vote' ? VOTE_ANSWER_TEXTS : COMMENT_TEXTS;
    const count = entry.type === 'vote' ? random.int(3, 7) : entry.written ? random.skewed(9) : random.skewed(3);
    thread({ type: 'entry', id: entry.id, authorId: entry.userId, createdAt: entry.createdAt }, count, texts);
  }

  // Pins, with their likes and comments.
  const pinRows: Row<typeof schema.pins>[] = [];
  const pinLikeRows: Row<typeof schema.pinLikes>[] = [];
  const pinTargets: Array<{ id: string; userId: string; createdAt: Date }> = [];
  PIN_TEXTS.forEach((content, k) => {
    const author = k % 11 === 3 ? demo : random.pick(writers);
    const createdAt = new Date(base - random.next() ** 1.2 * 30 * DAY - random.int(5, 40) * MINUTE);
    const pinId = id(createdAt);
    const images = random.chance(0.3)
      ? Array.from({ length: random.int(1, 3) }, (_, i) => snippetPath(k * 10 + i))
      : [];
    pinRows.push({ id: pinId, userId: author.id, content, imageUrlList: images, createdAt, updatedAt: createdAt });
    pinTargets.push({ id: pinId, userId: author.id, createdAt });
    for (const liker of random.sample(
      seedUsers.filter((u) => u !== author),
      random.skewed(25),
    )) {
      pinLikeRows.push({ userId: liker.id, pinId, createdAt: between(random, createdAt.getTime(), base) });
    }
  });
  await insertRows(tx, schema.pins, pinRows);
  await insertRows(tx, schema.pinLikes, pinLikeRows);
  for (const pin of pinTargets) {
    thread(
      { type: 'pin', id: pin.id, authorId: pin.userId, createdAt: pin.createdAt },
      random.skewed(5),
      PIN_COMMENT_TEXTS,
      pinReplies,
    );
  }

  // Collections: entries picked by tag, followers, tags.
  const collectionRows: Row<typeof schema.collections>[] = [];
  const collectionEntryRows: Row<typeof schema.collectionEntries>[] = [];
  const collectionFollowRows: Row<typeof schema.collectionFollows>[] = [];
  const collectionTagRows: Row<typeof schema.collectionTags>[] = [];
  const seedCollections: Array<{ id: string; userId: string }> = [];
  COLLECTIONS.forEach((seed, k) => {
    const owner = k === 1 || k === COLLECTIONS.length - 2 ? demo : random.pick(writers.slice(1));
    const createdAt = new Date(base - random.int(60, 110) * DAY);
    const collectionId = id(createdAt);
    // No text on the picture: the card prints the title over it (issue 12).
    const art = coverArt(1000 + k);
    const matching = seedEntries.filter((e) => e.tags.some((t) => seed.tags.includes(t)));
    const picked = random.sample(matching, random.int(4, 14));
    let updatedAt = createdAt.getTime();
    for (const entry of picked) {
      const at = between(random, Math.max(createdAt.getTime(), entry.createdAt.getTime()), base - HOUR);
      updatedAt = Math.max(updatedAt, at.getTime());
      collectionEntryRows.push({ collectionId, entryId: entry.id, createdAt: at });
    }
    collectionRows.push({
      id: collectionId,
      userId: owner.id,
      title: seed.title,
      description: seed.description,
      imageUrl: art.url,
      maskColor: art.color,
      recommended: seed.recommended ?? false,
      createdAt,
      updatedAt: new Date(updatedAt),
    });
    seedCollections.push({ id: collectionId, userId: owner.id });
    for (const follower of random.sample(
      seedUsers.filter((u) => u !== owner),
      random.skewed(16, 1.6),
    )) {
      collectionFollowRows.push({
        userId: follower.id,
        collectionId,
        createdAt: between(random, createdAt.getTime(), base),
      });
    }
    for (const title of seed.tags) collectionTagRows.push({ collectionId, tagId: tagId(title) });
  });
  await insertRows(tx, schema.collections, collectionRows);
  await insertRows(tx, schema.collectionEntries, collectionEntryRows);
  await insertRows(tx, schema.collectionFollows, collectionFollowRows);
  await insertRows(tx, schema.collectionTags, collectionTagRows);

  // Repos with languages, translations and the fixed tag tree.
  const repoTagIds = new Map<string, string>();
  const repoTagRows: Row<typeof schema.repoTags>[] = [];
  REPO_TAG_TREE.forEach((root, rootPosition) => {
    const rootId = id(base - 600 * DAY);
    repoTagIds.set(root.title, rootId);
    repoTagRows.push({ id: rootId, title: root.title, parentId: null, position: rootPosition });
    root.children.forEach((child, position) => {
      const childId = id(base - 600 * DAY);
      repoTagIds.set(`${root.title}/${child}`, childId);
      repoTagRows.push({ id: childId, title: child, parentId: rootId, position });
    });
  });
  await insertRows(tx, schema.repoTags, repoTagRows);
  const repoRows: Row<typeof schema.repos>[] = [];
  const repoLanguageRows: Row<typeof schema.repoLanguages>[] = [];
  const translationRows: Row<typeof schema.repoTranslations>[] = [];
  const repoTagLinkRows: Row<typeof schema.repoTagLinks>[] = [];
  const repoTargets: Array<{ id: string; createdAt: Date }> = [];
  const translationVoteRows: Row<typeof schema.repoTranslationVotes>[] = [];
  const snapshotRows: Row<typeof schema.repoStarSnapshots>[] = [];
  // The custom home list: every third repo, as if an editor had picked it.
  const featured = new Set(REPOS.filter((_, k) => k % 3 === 0).map((r) => r.fullName));
  for (const repo of REPOS) {
    const createdAt = new Date(base - random.int(140, 400) * DAY);
    const repoId = id(createdAt);
    const [owner, name] = repo.fullName.split('/');
    const translators = random.sample(writers, random.int(1, 3));
    const totalLines = random.int(40, 2400) * 1000;
    repoRows.push({
      id: repoId,
      originalId: repo.fullName,
      url: `https://github.com/${repo.fullName}`,
      name,
      description: repo.description,
      language: repo.language,
      watchCount: repo.watchers,
      starCount: repo.stars,
      forkCount: repo.forks,
      readme: `# ${name}\n\n${repo.description}\n\n## 安装\n\n~~~bash\n${repo.install}\n~~~\n\n更多内容请阅读项目主页：https://github.com/${repo.fullName}`,
      licenseName: repo.license,
      licenseUrl: `https://spdx.org/licenses/${repo.license}.html`,
      ownerUsername: owner,
      // Offline demo: no remote avatar (the placeholder shows the owner's initial); imports store the real one.
      ownerAvatar: '',
      ownerUrl: `https://github.com/${owner}`,
      translatorIds: translators.map((t) => t.id),
      commitedAt: new Date(base - random.int(1, 240) * HOUR),
      createdAt,
      updatedAt: createdAt,
    });
    repoTargets.push({ id: repoId, createdAt });
    for (const [title, share] of repo.languages) {
      repoLanguageRows.push({
        repoId,
        title,
        lineCount: Math.round((totalLines * share) / 100),
        color: LANGUAGE_COLORS[title] ?? '',
      });
    }
    // Each translator wrote the title and/or description; readers' votes (one per person and
    // field) pick the shown one, and vote_count is the number of vote rows.
    const wroteBy = new Set<string>();
    for (const field of ['title', 'description'] as const) {
      const written: string[] = [];
      translators.forEach((translator, k) => {
        if (k > 0 && !random.chance(0.5)) return;
        const at = between(random, createdAt.getTime(), base - DAY);
        const translationId = id(at);
        const text = field === 'title' ? repo.titleZh : repo.descriptionZh;
        translationRows.push({
          id: translationId,
          repoId,
          userId: translator.id,
          field,
          // A later translator words it their own way, so the list has real alternatives.
          content: k === 0 ? text : `${text}${field === 'title' ? '（社区译）' : '。'}`,
          voteCount: 0,
          createdAt: at,
        });
        written.push(translationId);
        wroteBy.add(translator.id);
      });
      // Every fourth repo has no votes yet, so a new translation there is shown at once.
      const voterCount = random.int(1, Math.min(12, seedUsers.length));
      const voters = random.sample(seedUsers, REPOS.indexOf(repo) % 4 === 3 ? 0 : voterCount);
      for (const voter of voters) {
        // Most readers agree with the first translation.
        const translationId = random.chance(0.75) ? written[0] : random.pick(written);
        translationVoteRows.push({ repoId, field, userId: voter.id, translationId, createdAt: new Date(base - DAY) });
        const row = translationRows.find((t) => t.id === translationId);
        if (row) row.voteCount = (row.voteCount ?? 0) + 1;
      }
    }
    // Daily star counts for the last 31 days, growing at the repo's own pace: trending reads them.
    const pace = random.int(0, Math.max(1, Math.round(repo.stars / 4000)));
    for (let k = 0; k <= 31; k += 1) {
      const day = new Date(now - k * DAY).toISOString().slice(0, 10);
      const jitter = random.int(0, pace);
      snapshotRows.push({ repoId, day, starCount: Math.max(0, repo.stars - k * pace - jitter) });
    }
    repoRows[repoRows.length - 1].translatorIds = translators.map((t) => t.id).filter((t) => wroteBy.has(t));
    if (featured.has(repo.fullName)) {
      repoRows[repoRows.length - 1].featuredAt = new Date(base - REPOS.indexOf(repo) * HOUR);
    }
    if (repo.tag) {
      const keys = { createdAt, starCount: repo.stars };
      repoTagLinkRows.push({ repoId, repoTagId: repoTagIds.get(repo.tag[0])!, ...keys });
      repoTagLinkRows.push({ repoId, repoTagId: repoTagIds.get(`${repo.tag[0]}/${repo.tag[1]}`)!, ...keys });
    }
  }
  await insertRows(tx, schema.repos, repoRows);
  await insertRows(tx, schema.repoLanguages, repoLanguageRows);
  await insertRows(tx, schema.repoTranslations, translationRows);
  await insertRows(tx, schema.repoTagLinks, repoTagLinkRows);
  await insertRows(tx, schema.repoTranslationVotes, translationVoteRows);
  await insertRows(tx, schema.repoStarSnapshots, snapshotRows);
  await refreshRepoTrending(tx);
  for (const repo of repoTargets) {
    thread({ type: 'repo', id: repo.id, authorId: null, createdAt: repo.createdAt }, random.skewed(4), COMMENT_TEXTS);
  }

  // Booklets: sections from the article templates, purchases with paid orders.
  const templateByKey = new Map(templates.map((t) => [t.key, t]));
  const bookletRows: Row<typeof schema.booklets>[] = [];
  const sectionRows: Row<typeof schema.bookletSections>[] = [];
  const orderRows: Row<typeof schema.paymentOrders>[] = [];
  const purchaseRows: Row<typeof schema.bookletPurchases>[] = [];
  const billRows: Row<typeof schema.walletBills>[] = [];
  const sectionTargets: Array<{ id: string; authorId: string; createdAt: Date }> = [];
  BOOKLETS.forEach((seed, k) => {
    const author = seed.author === 'demo' ? demo : byName.get(seed.author);
    const template = templateByKey.get(seed.template);
    if (!author || !template) throw new Error(`booklet ${seed.title} names an unknown author or template`);
    const createdAt = new Date(base - random.int(70, 200) * DAY);
    const bookletId = id(createdAt);
    const chapters = bookletChapters(template);
    chapters.forEach((chapter, position) => {
      const at = new Date(createdAt.getTime() + position * 3 * DAY);
      const sectionId = id(at);
      const rendered = renderMarkdown(chapter.content);
      sectionRows.push({
        id: sectionId,
        bookletId,
        title: chapter.title,
        content: chapter.content,
        contentHtml: rendered.html,
        position,
        isFree: seed.price === 0 || position < 2,
        isDraft: false,
        readingMinutes: rendered.readingMinutes,
        viewCount: random.int(200, 5000),
        createdAt: at,
        updatedAt: at,
      });
      sectionTargets.push({ id: sectionId, authorId: author.id, createdAt: at });
    });
    const cover = coverArt(2000 + k, { width: 600, height: 800, lines: [seed.title, author.person.username] });
    bookletRows.push({
      id: bookletId,
      userId: author.id,
      title: seed.title,
      summary: seed.summary,
      description: `## 你会学到什么\n\n${seed.summary}\n\n## 适宜人群\n\n- 有一定基础、想系统提升的开发者\n- 想了解${CATEGORY_TITLES[seed.category]}领域最佳实践的同学\n\n## 目录\n\n${chapters.map((c, i) => `${i + 1}. ${c.title}`).join('\n')}`,
      img: cover.url,
      category: seed.category,
      price: seed.price,
      isHot: seed.hot ?? false,
      isTop: seed.top ?? false,
      isDraft: false,
      isFinished: seed.finished ?? false,
      viewCount: random.int(3000, 60000),
      createdAt,
      updatedAt: new Date(createdAt.getTime() + chapters.length * 3 * DAY),
    });
    const buyers = random.sample(
      seedUsers.filter((u) => u !== author && u !== admin && u !== demo),
      random.int(3, 14),
    );
    // The demo account owns two booklets it did not write.
    if (seed.author !== 'demo' && (k === 2 || k === 4)) buyers.push(demo);
    for (const buyer of buyers) {
      const at = between(random, createdAt.getTime(), base - HOUR);
      const orderId = id(at);
      orderRows.push({
        id: orderId,
        userId: buyer.id,
        bookletId,
        amount: seed.price,
        status: 'paid',
        providerRef: `demo-${orderId}`,
        paidAt: at,
        createdAt: at,
      });
      purchaseRows.push({ id: id(at), bookletId, userId: buyer.id, orderId, pricePaid: seed.price, createdAt: at });
      if (author === demo && seed.price > 0) {
        billRows.push({
          id: id(at),
          userId: demo.id,
          amount: authorShare(seed.price),
          kind: 'booklet_income',
          description: `小册《${seed.title}》售出分成`,
          createTime: at,
          updateTime: at,
        });
      }
    }
  });
  await insertRows(tx, schema.booklets, bookletRows);
  await insertRows(tx, schema.bookletSections, sectionRows, 50);
  await insertRows(tx, schema.paymentOrders, orderRows);
  await insertRows(tx, schema.bookletPurchases, purchaseRows);
  // Discount codes to try at checkout (README, demo accounts): 30 % off any booklet, and one free booklet.
  await insertRows(tx, schema.discountCodes, [
    { code: 'JINSHA30', percentOff: 30, maxUses: 10_000, createdAt: new Date(base - 30 * DAY) },
    { code: 'READFREE', percentOff: 100, maxUses: 100, createdAt: new Date(base - 30 * DAY) },
  ]);
  for (const section of random.sample(sectionTargets, 12)) {
    thread(
      { type: 'section', id: section.id, authorId: section.authorId, createdAt: section.createdAt },
      random.int(1, 4),
      COMMENT_TEXTS,
    );
  }

  // The demo account's wallet: its booklets' income and one paid-out withdrawal.
  const income = billRows.reduce((sum, bill) => sum + bill.amount, 0);
  const withdrawn = Math.floor((income * 0.6) / 100) * 100;
  if (withdrawn > 0) {
    const at = new Date(base - 6 * DAY);
    const withdrawalId = id(at);
    billRows.push({
      id: id(at),
      userId: demo.id,
      amount: -withdrawn,
      kind: 'withdrawal',
      withdrawalId,
      description: '提现到支付宝（已到账）',
      createTime: at,
      updateTime: at,
    });
    await insertRows(tx, schema.withdrawalApplications, [
      {
        id: withdrawalId,
        userId: demo.id,
        volume: withdrawn,
        alipayAccount: DEMO_ACCOUNT.phone,
        name: '金砂体验官',
        status: 'paid',
        createdAt: at,
        updatedAt: at,
      },
    ]);
  }
  await insertRows(tx, schema.walletBills, billRows);

  // All comments at once, then their likes.
  await insertRows(tx, schema.comments, commentRows);
  const commentLikeRows: Row<typeof schema.commentLikes>[] = [];
  for (const comment of seedComments) {
    for (const liker of random.sample(
      seedUsers.filter((u) => u.id !== comment.userId),
      random.skewed(8),
    )) {
      commentLikeRows.push({
        userId: liker.id,
        commentId: comment.id,
        createdAt: between(random, comment.createdAt.getTime(), base),
      });
    }
  }
  await insertRows(tx, schema.commentLikes, commentLikeRows);

  // Events over the coming four months, banners running now.
  await insertRows(
    tx,
    schema.events,
    EVENTS.map((event, k) => {
      // 14:00 in China (UTC+8) on the chosen day.
      const day = base - (base % DAY) + event.inDays * DAY;
      const startedAt = new Date(day + 6 * HOUR);
      const art = coverArt(3000 + k, { lines: [event.title, `${event.city} · ${event.address}`] });
      return {
        id: id(base - random.int(3, 30) * DAY),
        title: event.title,
        city: event.city,
        address: event.address,
        url: event.url,
        screenshot: art.url,
        showBanner: event.banner ?? false,
        startedAt,
        endedAt: new Date(startedAt.getTime() + event.hours * HOUR),
        userId: admin.id,
      };
    }),
  );
  // Past events, from a stream of their own so the rest of the demo stays as it was.
  const pastRandom = new SeededRandom(7100);
  await insertRows(
    tx,
    schema.events,
    PAST_EVENTS.map((event, k) => {
      const day = base - (base % DAY) + event.inDays * DAY;
      const startedAt = new Date(day + 6 * HOUR);
      const art = coverArt(3100 + k, { lines: [event.title, `${event.city} · ${event.address}`] });
      return {
        id: pastRandom.id(new Date(startedAt.getTime() - 20 * DAY)),
        title: event.title,
        city: event.city,
        address: event.address,
        url: event.url,
        screenshot: art.url,
        showBanner: false,
        startedAt,
        endedAt: new Date(startedAt.getTime() + event.hours * HOUR),
        userId: admin.id,
      };
    }),
  );
  await insertRows(
    tx,
    schema.banners,
    BANNERS.map((banner, k) => ({
      id: id(base - (k + 2) * DAY),
      position: banner.position,
      url: banner.url,
      imageUrl: bannerPath(k),
      textList: banner.textList,
      startedAt: new Date(base - (k + 2) * DAY),
      endedAt: new Date(base + 90 * DAY),
    })),
  );

  const toldRows: Row<typeof schema.notificationActors>[] = [];
  await insertRows(
    tx,
    schema.notifications,
    demoNotifications(
      {
        random,
        base,
        demo,
        followRows,
        likeRows,
        seedEntries,
        seedComments,
        pinTargets,
        pinLikeRows,
        collectionFollowRows,
        collectionEntryRows,
        seedCollections,
        commentLikeRows,
      },
      toldRows,
    ),
  );
  await insertRows(tx, schema.notificationActors, toldRows);
  await insertRows(
    tx,
    schema.systemNotifications,
    SYSTEM_NOTICES.map((content, k) => {
      const createdAt = new Date(base - (SYSTEM_NOTICES.length - k) * 9 * DAY + k * HOUR);
      return { id: id(createdAt), userId: demo.id, content, check: k < SYSTEM_NOTICES.length - 2, createdAt };
    }),
  );
  await insertRows(tx, schema.mailSubscriptions, [
    { userId: demo.id, type: 'follow', subscribed: true },
    { userId: demo.id, type: 'article', subscribed: true },
    { userId: demo.id, type: 'week', subscribed: false },
    ...seedUsers.slice(2, 14).map((u, k) => ({
      userId: u.id,
      type: (['follow', 'article', 'week'] as const)[k % 3],
      subscribed: k % 4 !== 0,
    })),
  ]);
  // The demo account invited two friends by mail; one joined (/user/invitation shows both).
  const invitedFriend = seedUsers[seedUsers.length - 1]!;
  await insertRows(tx, schema.invitations, [
    {
      id: id(base - 20 * DAY),
      senderId: demo.id,
      receiverName: invitedFriend.person.username,
      receiverEmail: `member${seedUsers.length - 1}@jinsha.dev`,
      tokenHash: random.id(new Date(base - 20 * DAY)).padEnd(64, '0'),
      acceptedBy: invitedFriend.id,
      createdAt: new Date(base - 20 * DAY),
    },
    {
      id: id(base - 3 * DAY),
      senderId: demo.id,
      receiverName: '老王',
      receiverEmail: 'laowang@example.com',
      tokenHash: random.id(new Date(base - 3 * DAY)).padEnd(64, '1'),
      createdAt: new Date(base - 3 * DAY),
    },
  ]);
  await tx.execute(sql`update users set available_invite_count = 3 where id = ${demo.id}`);
  await insertRows(tx, schema.drafts, [
    {
      id: id(base - 2 * DAY),
      userId: demo.id,
      title: '用 PGlite 在浏览器里跑 PostgreSQL',
      content: '## 为什么要在浏览器里跑数据库\n\n最近在做一个离线优先的笔记应用……\n\n（未完待续）',
      abstract: '最近在做一个离线优先的笔记应用……',
      categoryId: categoryIds.get('backend'),
      tagIds: [tagId('PostgreSQL'), tagId('数据库')],
      type: 'post',
      createdAt: new Date(base - 2 * DAY),
      updatedAt: new Date(base - 3 * HOUR),
    },
    {
      id: id(base - 5 * DAY),
      userId: demo.id,
      title: '',
      content: '记录一下今天排查的一个时区问题：',
      categoryId: null,
      tagIds: [],
      type: 'article',
      createdAt: new Date(base - 5 * DAY),
      updatedAt: new Date(base - 5 * DAY),
    },
  ]);

  await recountContent(tx);
  await recountCategories(tx);
  await recountTags(tx);
  await recountUsers(tx);
  return { users: seedUsers.length, entries: seedEntries.length };
}

/** Which intro, closing and run of sections the k-th article of a template uses. */
function chooseSections(random: SeededRandom, template: ArticleTemplate, k: number) {
  const all = template.sections.map((_, i) => i);
  const keep = random.int(Math.min(3, all.length), all.length);
  const sections = random.sample(all, keep).sort((a, b) => a - b);
  return { intro: k, closing: k >> 1, sections };
}

/** A booklet's chapters: an opening, one chapter per template section, a closing. */
function bookletChapters(template: ArticleTemplate): Array<{ title: string; content: string }> {
  return [
    {
      title: '开篇：为什么要学这本小册',
      content: `${template.intros.join('\n\n')}\n\n## 小册的结构\n\n${template.sections.map((s, i) => `${i + 1}. ${s.heading}`).join('\n')}`,
    },
    ...template.sections.map((section) => ({
      title: section.heading,
      content: `## ${section.heading}\n\n${section.body}`,
    })),
    { title: '结语与进阶路线', content: template.closings.join('\n\n') },
  ];
}

interface NotificationSources {
  random: SeededRandom;
  base: number;
  demo: SeedUser;
  followRows: Row<typeof schema.follows>[];
  likeRows: Row<typeof schema.entryLikes>[];
  seedEntries: SeedEntry[];
  seedComments: SeedComment[];
  pinTargets: Array<{ id: string; userId: string; createdAt: Date }>;
  pinLikeRows: Row<typeof schema.pinLikes>[];
  collectionFollowRows: Row<typeof schema.collectionFollows>[];
  collectionEntryRows: Row<typeof schema.collectionEntries>[];
  seedCollections: Array<{ id: string; userId: string }>;
  commentLikeRows: Row<typeof schema.commentLikes>[];
}

/**
 * The demo account's notifications, derived from the rows above: each group folds the events
 * of one kind on one target (latest five actors first, count of all); the newest groups are
 * unread.
 */
function demoNotifications(
  s: NotificationSources,
  told: Row<typeof schema.notificationActors>[],
): Row<typeof schema.notifications>[] {
  const rows: Row<typeof schema.notifications>[] = [];
  const recentAfter = s.base - 2 * DAY;
  const group = (
    type: schema.NotificationType,
    target: string,
    events: Array<{ actorId: string; at: Date }>,
    refs: Partial<Row<typeof schema.notifications>>,
  ) => {
    const mine = events.filter((e) => e.actorId !== s.demo.id).sort((a, b) => b.at.getTime() - a.at.getTime());
    if (mine.length === 0) return;
    // Who told the demo account about what, so doing it again does not tell it twice (notify()).
    if (REPEATABLE_NOTIFICATIONS.has(type)) {
      const targetId = repeatTargetOf({ ...refs, type });
      for (const actorId of new Set(mine.map((e) => e.actorId))) {
        told.push({ userId: s.demo.id, type, targetId, actorId, createdAt: mine[mine.length - 1].at });
      }
    }
    const updatedAt = mine[0].at;
    rows.push({
      id: s.random.id(updatedAt),
      userId: s.demo.id,
      type,
      groupKey: `${type}:${target}`,
      actorIds: [...new Set(mine.map((e) => e.actorId))].slice(0, 5),
      count: mine.length,
      read: true,
      createdAt: mine[mine.length - 1].at,
      updatedAt,
      ...refs,
    });
  };
  const at = (value: Date | undefined) => value ?? new Date(s.base);

  const followers = s.followRows
    .filter((f) => f.followeeId === s.demo.id)
    .map((f) => ({ actorId: f.followerId, at: at(f.createdAt) }));
  // Folding happens only into an unread group: older follows sit in a read group of the same key.
  group(
    'follow',
    s.demo.id,
    followers.filter((f) => f.at.getTime() >= recentAfter),
    {},
  );
  group(
    'follow',
    s.demo.id,
    followers.filter((f) => f.at.getTime() < recentAfter),
    {},
  );

  const demoEntries = new Set(s.seedEntries.filter((e) => e.userId === s.demo.id).map((e) => e.id));
  for (const entryId of demoEntries) {
    group(
      'like_entry',
      entryId,
      s.likeRows.filter((l) => l.entryId === entryId).map((l) => ({ actorId: l.userId, at: at(l.createdAt) })),
      { entryId },
    );
  }
  const commentsById = new Map(s.seedComments.map((c) => [c.id, c]));
  for (const comment of s.seedComments) {
    if (comment.userId === s.demo.id) continue;
    const event = [{ actorId: comment.userId, at: comment.createdAt }];
    const parent = comment.parentId ? commentsById.get(comment.parentId) : undefined;
    if (comment.targetType === 'entry' && !comment.parentId && demoEntries.has(comment.targetId)) {
      group('comment_entry', comment.id, event, { entryId: comment.targetId, commentId: comment.id });
    } else if (parent && parent.userId === s.demo.id) {
      const entryId = comment.targetType === 'entry' ? comment.targetId : null;
      const pinId = comment.targetType === 'pin' ? comment.targetId : null;
      group('reply', comment.id, event, { entryId, pinId, commentId: parent.id, replyId: comment.id });
    }
  }
  const demoPins = s.pinTargets.filter((p) => p.userId === s.demo.id).map((p) => p.id);
  for (const pinId of demoPins) {
    group(
      'like_pin',
      pinId,
      s.pinLikeRows.filter((l) => l.pinId === pinId).map((l) => ({ actorId: l.userId, at: at(l.createdAt) })),
      { pinId },
    );
    for (const comment of s.seedComments.filter((c) => c.targetType === 'pin' && c.targetId === pinId && !c.parentId)) {
      group('comment_pin', comment.id, [{ actorId: comment.userId, at: comment.createdAt }], {
        pinId,
        commentId: comment.id,
      });
    }
  }
  for (const comment of s.seedComments.filter((c) => c.userId === s.demo.id)) {
    group(
      'like_comment',
      comment.id,
      s.commentLikeRows
        .filter((l) => l.commentId === comment.id)
        .map((l) => ({ actorId: l.userId, at: at(l.createdAt) })),
      { commentId: comment.id, entryId: comment.targetType === 'entry' ? comment.targetId : null },
    );
  }
  for (const collection of s.seedCollections.filter((c) => c.userId === s.demo.id)) {
    group(
      'follow_collection',
      collection.id,
      s.collectionFollowRows
        .filter((f) => f.collectionId === collection.id)
        .map((f) => ({ actorId: f.userId, at: at(f.createdAt) })),
      { collectionId: collection.id },
    );
  }
  const ownerOf = new Map(s.seedCollections.map((c) => [c.id, c.userId]));
  for (const entryId of demoEntries) {
    group(
      'collect_entry',
      entryId,
      s.collectionEntryRows
        .filter((ce) => ce.entryId === entryId)
        .map((ce) => ({ actorId: ownerOf.get(ce.collectionId)!, at: at(ce.createdAt) })),
      { entryId },
    );
  }
  // The newest few groups are still unread.
  rows.sort((a, b) => b.updatedAt!.getTime() - a.updatedAt!.getTime());
  for (const row of rows.slice(0, UNREAD_NOTIFICATIONS)) row.read = false;
  return rows;
}
