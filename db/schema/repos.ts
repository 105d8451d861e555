import { sql } from 'drizzle-orm';
import {
  date,
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
import { createdAt, idColumn, timestampColumn, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const repos = pgTable(
  'repos',
  {
    id: idColumn().primaryKey(),
    /** The id on the code host the repo was imported from. */
    originalId: varchar('original_id', { length: 40 }).notNull(),
    url: text('url').notNull(),
    name: varchar('name', { length: 140 }).notNull(),
    description: text('description').notNull().default(''),
    language: varchar('language', { length: 40 }).notNull().default(''),
    watchCount: integer('watch_count').notNull().default(0),
    starCount: integer('star_count').notNull().default(0),
    forkCount: integer('fork_count').notNull().default(0),
    readme: text('readme').notNull().default(''),
    licenseName: varchar('license_name', { length: 80 }).notNull().default(''),
    licenseUrl: text('license_url').notNull().default(''),
    ownerUsername: varchar('owner_username', { length: 80 }).notNull(),
    ownerAvatar: text('owner_avatar').notNull().default(''),
    ownerUrl: text('owner_url').notNull().default(''),
    translatorIds: jsonb('translator_ids').$type<string[]>().notNull().default([]),
    commentCount: integer('comment_count').notNull().default(0),
    /** Stars gained over the trending periods (SPEC §7.8 get_trending), from repo_star_snapshots (server/modules/repos/trending.ts). */
    starsDaily: integer('stars_daily').notNull().default(0),
    starsWeekly: integer('stars_weekly').notNull().default(0),
    starsMonthly: integer('stars_monthly').notNull().default(0),
    /** When an editor put the repo on the custom home list (getCustomRepos); null: not on it. */
    featuredAt: timestampColumn('featured_at'),
    /** The code host's ETags per resource (repo, languages, readme) for conditional refreshes. */
    etags: jsonb('etags').$type<Record<string, string>>().notNull().default({}),
    syncedAt: timestampColumn('synced_at'),
    commitedAt: timestampColumn('commited_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('repos_original_uq').on(t.originalId),
    index('repos_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('repos_stars_idx').on(t.starCount.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('repos_language_stars_idx').on(t.language, t.starCount.desc().nullsFirst()),
    index('repos_trending_daily_idx').on(t.starsDaily.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('repos_trending_weekly_idx').on(t.starsWeekly.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('repos_trending_monthly_idx').on(t.starsMonthly.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('repos_language_daily_idx').on(t.language, t.starsDaily.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('repos_language_weekly_idx').on(t.language, t.starsWeekly.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('repos_language_monthly_idx').on(t.language, t.starsMonthly.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('repos_featured_idx')
      .on(t.featuredAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.featuredAt} is not null`),
  ],
);

/** One star count a day per repo: what the trending gains are computed from. */
export const repoStarSnapshots = pgTable(
  'repo_star_snapshots',
  {
    repoId: idColumn('repo_id')
      .notNull()
      .references(() => repos.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    starCount: integer('star_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.repoId, t.day] })],
);

export const repoLanguages = pgTable(
  'repo_languages',
  {
    repoId: idColumn('repo_id')
      .notNull()
      .references(() => repos.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 40 }).notNull(),
    lineCount: integer('line_count').notNull(),
    color: varchar('color', { length: 16 }).notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.repoId, t.title] })],
);

/** Community translations of a repo's title and description (same shape: id, repoId, userId, content). */
export const repoTranslations = pgTable(
  'repo_translations',
  {
    id: idColumn().primaryKey(),
    repoId: idColumn('repo_id')
      .notNull()
      .references(() => repos.id, { onDelete: 'cascade' }),
    userId: idColumn('user_id').references(() => users.id, { onDelete: 'set null' }),
    field: varchar('field', { length: 12 }).$type<'title' | 'description'>().notNull(),
    content: text('content').notNull(),
    voteCount: integer('vote_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('repo_translations_repo_idx').on(t.repoId, t.field, t.voteCount.desc().nullsFirst())],
);

/** One vote per person per repo and field (title or description); moving it moves the counts. */
export const repoTranslationVotes = pgTable(
  'repo_translation_votes',
  {
    repoId: idColumn('repo_id')
      .notNull()
      .references(() => repos.id, { onDelete: 'cascade' }),
    field: varchar('field', { length: 12 }).$type<'title' | 'description'>().notNull(),
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    translationId: idColumn('translation_id')
      .notNull()
      .references(() => repoTranslations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.repoId, t.field, t.userId] }),
    index('repo_translation_votes_translation_idx').on(t.translationId),
  ],
);

/** The fixed repo tag tree (Frontend, Android, iOS, Python with nested sub-tags). */
export const repoTags = pgTable('repo_tags', {
  id: idColumn().primaryKey(),
  title: varchar('title', { length: 40 }).notNull(),
  parentId: idColumn('parent_id'),
  position: smallint('position').notNull().default(0),
});

export const repoTagLinks = pgTable(
  'repo_tag_links',
  {
    repoId: idColumn('repo_id')
      .notNull()
      .references(() => repos.id, { onDelete: 'cascade' }),
    repoTagId: idColumn('repo_tag_id')
      .notNull()
      .references(() => repoTags.id, { onDelete: 'cascade' }),
    /** Copies of the repo's sort keys, so that a tag's list is read in order from one index. */
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
    starCount: integer('star_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.repoId, t.repoTagId] }),
    index('repo_tag_links_tag_idx').on(t.repoTagId),
    index('repo_tag_links_created_idx').on(t.repoTagId, t.createdAt.desc().nullsFirst(), t.repoId.desc().nullsFirst()),
    index('repo_tag_links_stars_idx').on(t.repoTagId, t.starCount.desc().nullsFirst(), t.repoId.desc().nullsFirst()),
  ],
);
