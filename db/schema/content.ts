import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestampColumn, tsvector, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const categories = pgTable('categories', {
  id: idColumn().primaryKey(),
  /** One of the 9 fixed names of SPEC §3: android, frontend, ios, backend, design, product, freebie, article, ai. */
  name: varchar('name', { length: 16 }).notNull().unique(),
  title: varchar('title', { length: 16 }).notNull(),
  position: smallint('position').notNull(),
  /** Entries in the category: the `total` of its lists without a count(*) at 1M rows. */
  entriesCount: integer('entries_count').notNull().default(0),
});

export const tags = pgTable(
  'tags',
  {
    id: idColumn().primaryKey(),
    title: varchar('title', { length: 32 }).notNull(),
    icon: text('icon').notNull().default(''),
    /** Built-in tags belong to a category (SPEC §3: five each for six categories). */
    categoryId: idColumn('category_id').references(() => categories.id),
    isBuiltin: boolean('is_builtin').notNull().default(false),
    entriesCount: integer('entries_count').notNull().default(0),
    subscribersCount: integer('subscribers_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tags_title_lower_uq').on(sql`lower(${t.title})`),
    index('tags_hot_idx').on(t.subscribersCount.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('tags_new_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('tags_category_idx').on(t.categoryId),
  ],
);

export const tagSubscriptions = pgTable(
  'tag_subscriptions',
  {
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagId: idColumn('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tagId] }),
    index('tag_subscriptions_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('tag_subscriptions_tag_idx').on(t.tagId),
  ],
);

export const entryTypes = ['article', 'post', 'vote'] as const;
export type EntryType = (typeof entryTypes)[number];

export const entries = pgTable(
  'entries',
  {
    id: idColumn().primaryKey(),
    userId: idColumn('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: varchar('type', { length: 8 }).$type<EntryType>().notNull().default('article'),
    title: varchar('title', { length: 120 }).notNull(),
    /** Markdown source for written entries; empty for shared links. */
    content: text('content').notNull().default(''),
    /** Sanitised HTML rendered once on save. */
    contentHtml: text('content_html').notNull().default(''),
    /** Whitespace-collapsed summary. */
    abstract: varchar('abstract', { length: 400 }).notNull().default(''),
    originalUrl: text('original_url').notNull().default(''),
    screenshot: text('screenshot').notNull().default(''),
    categoryId: idColumn('category_id')
      .notNull()
      .references(() => categories.id),
    isOriginal: boolean('is_original').notNull().default(true),
    isEnglish: boolean('is_english').notNull().default(false),
    isGfw: boolean('is_gfw').notNull().default(false),
    /** Recommended by an admin (SPEC §4: recommend sets hot 1, unrecommend 0). */
    hot: boolean('hot').notNull().default(false),
    /** Time-decayed popularity, kept by the same transaction that changes its inputs (docs/ranking.md). */
    hotScore: doublePrecision('hot_score').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    collectionCount: integer('collection_count').notNull().default(0),
    readingMinutes: smallint('reading_minutes').notNull().default(1),
    latestCommentAt: timestampColumn('latest_comment_at'),
    /** Hidden by a moderator (visible moderation): only its author and admins see it, marked with the reason. */
    hiddenAt: timestampColumn('hidden_at'),
    hiddenReason: varchar('hidden_reason', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('entries_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('entries_category_created_idx').on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('entries_hot_idx').on(t.hotScore.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('entries_category_hot_idx').on(t.categoryId, t.hotScore.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('entries_likes_idx').on(t.likeCount.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('entries_category_likes_idx').on(t.categoryId, t.likeCount.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('entries_commented_idx').on(t.latestCommentAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('entries_category_commented_idx').on(
      t.categoryId,
      t.latestCommentAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('entries_type_created_idx').on(t.type, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('entries_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('entries_original_url_idx').on(sql`md5(${t.originalUrl})`),
    // Whose content is hidden (new-account limits, server/modules/trust): only hidden rows.
    index('entries_user_hidden_idx').on(t.userId, t.hiddenAt).where(sql`${t.hiddenAt} is not null`),
  ],
);

/**
 * Entries per category and type, and how many of them have a comment: the `total` of a feed
 * filtered by category and/or type (and of the comment sort, which lists only commented
 * entries) without a count(*) over a million rows. Kept by the transaction of each publish,
 * edit, delete and first or last comment (entries.queries addCategoryCount, comments.queries).
 */
export const categoryEntryCounts = pgTable(
  'category_entry_counts',
  {
    categoryId: idColumn('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 8 }).$type<EntryType>().notNull(),
    entriesCount: integer('entries_count').notNull().default(0),
    commentedCount: integer('commented_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.type] })],
);

/**
 * What search reads of an entry, apart from the entry: its words as a tsvector (title, abstract,
 * body and tags, segmented on save), its author (for mutes) and a copy of its hot_score (the
 * order of the rank windows), written in the same transaction as the entry's own
 * (refreshEntryHotScore). Kept narrow so a search that visits tens of thousands of matches reads
 * small rows: the migration stores the vector out of line (STORAGE EXTERNAL, toast_tuple_target
 * 128), so a row is about 100 bytes and the table stays in memory at 1M entries.
 */
export const entrySearch = pgTable(
  'entry_search',
  {
    entryId: idColumn('entry_id')
      .primaryKey()
      .references(() => entries.id, { onDelete: 'cascade' }),
    userId: idColumn('user_id').references(() => users.id, { onDelete: 'set null' }),
    hotScore: doublePrecision('hot_score').notNull().default(0),
    searchVector: tsvector('search_vector').notNull(),
  },
  (t) => [
    index('entry_search_vector_idx').using('gin', t.searchVector),
    index('entry_search_hot_idx').on(t.hotScore.desc().nullsFirst(), t.entryId.desc().nullsFirst()),
  ],
);

export const entryTags = pgTable(
  'entry_tags',
  {
    entryId: idColumn('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    tagId: idColumn('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    /** Copy of the entry's created_at, so a tag's newest list is one index range. */
    entryCreatedAt: timestampColumn('entry_created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.tagId] }),
    index('entry_tags_tag_created_idx').on(
      t.tagId,
      t.entryCreatedAt.desc().nullsFirst(),
      t.entryId.desc().nullsFirst(),
    ),
  ],
);

export const entryLikes = pgTable(
  'entry_likes',
  {
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entryId: idColumn('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.entryId] }),
    index('entry_likes_entry_created_idx').on(t.entryId, t.createdAt.desc().nullsFirst()),
    index('entry_likes_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

/** The choices of a vote entry (type vote), in the author's order, with how many chose each. */
export const voteOptions = pgTable(
  'vote_options',
  {
    id: idColumn().primaryKey(),
    entryId: idColumn('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    title: varchar('title', { length: 40 }).notNull(),
    /** People whose vote is on this option, kept by the vote's transaction. */
    voteCount: integer('vote_count').notNull().default(0),
  },
  (t) => [uniqueIndex('vote_options_entry_position_uq').on(t.entryId, t.position)],
);

/**
 * One vote per person and vote entry (docs/decisions/005-votes.md): choosing another option
 * moves it; created_at stays the first vote's time, the order of the voters list.
 */
export const entryVotes = pgTable(
  'entry_votes',
  {
    entryId: idColumn('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionId: idColumn('option_id')
      .notNull()
      .references(() => voteOptions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.userId] }),
    index('entry_votes_entry_created_idx').on(t.entryId, t.createdAt.desc().nullsFirst(), t.userId.desc().nullsFirst()),
    index('entry_votes_option_idx').on(t.optionId),
    index('entry_votes_user_idx').on(t.userId),
  ],
);

/** One row per visitor (user id or anonymous SUID) per entry per day; bots are never counted. */
export const entryViews = pgTable(
  'entry_views',
  {
    id: idColumn().primaryKey(),
    entryId: idColumn('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    visitorId: varchar('visitor_id', { length: 40 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('entry_views_visitor_day_uq').on(t.entryId, t.visitorId, t.day),
    // An entry's views by day (author analytics): a range of days, not all the entry's views.
    index('entry_views_entry_day_idx').on(t.entryId, t.day),
  ],
);

export const drafts = pgTable(
  'drafts',
  {
    id: idColumn().primaryKey(),
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set when the draft edits an already published entry. */
    entryId: idColumn('entry_id').references(() => entries.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 120 }).notNull().default(''),
    content: text('content').notNull().default(''),
    abstract: varchar('abstract', { length: 400 }).notNull().default(''),
    coverImage: text('cover_image').notNull().default(''),
    categoryId: idColumn('category_id').references(() => categories.id),
    tagIds: jsonb('tag_ids').$type<string[]>().notNull().default([]),
    type: varchar('type', { length: 8 }).$type<EntryType>().notNull().default('article'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('drafts_user_updated_idx').on(t.userId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export const bannerPositions = ['hero', 'entry', 'aside'] as const;

export const banners = pgTable(
  'banners',
  {
    id: idColumn().primaryKey(),
    position: varchar('position', { length: 8 }).$type<(typeof bannerPositions)[number]>().notNull(),
    platform: varchar('platform', { length: 8 }).notNull().default('web'),
    url: text('url').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    textList: jsonb('text_list').$type<string[]>().notNull().default([]),
    startedAt: timestampColumn('started_at').notNull(),
    endedAt: timestampColumn('ended_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('banners_position_window_idx').on(t.position, t.startedAt, t.endedAt)],
);

export const uploads = pgTable(
  'uploads',
  {
    id: idColumn().primaryKey(),
    userId: idColumn('user_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    storageKey: text('storage_key').notNull(),
    url: text('url').notNull(),
    mime: varchar('mime', { length: 32 }).notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);
