import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestampColumn, updatedAt } from './columns.ts';
import { entries, tags } from './content.ts';
import { users } from './users.ts';

/** One comment service serves entries, pins, repos and booklet sections (SPEC §7.4). */
export const commentTargetTypes = ['entry', 'pin', 'repo', 'section'] as const;
export type CommentTargetType = (typeof commentTargetTypes)[number];

export const comments = pgTable(
  'comments',
  {
    id: idColumn().primaryKey(),
    targetType: varchar('target_type', { length: 8 }).$type<CommentTargetType>().notNull(),
    targetId: idColumn('target_id').notNull(),
    userId: idColumn('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    imageUrlList: jsonb('image_url_list').$type<string[]>().notNull().default([]),
    /** The first-level comment a reply belongs to (firstComment); null for first-level comments. */
    parentId: idColumn('parent_id'),
    /** The comment a reply answers (respComment) and its author (respUser). */
    replyCommentId: idColumn('reply_comment_id'),
    replyUserId: idColumn('reply_user_id').references(() => users.id, { onDelete: 'set null' }),
    likeCount: integer('like_count').notNull().default(0),
    subCommentCount: integer('sub_comment_count').notNull().default(0),
    hotScore: doublePrecision('hot_score').notNull().default(0),
    /** Deleted comments keep their place so reply threads stay intact (此评论已删除). */
    deleted: boolean('deleted').notNull().default(false),
    /** Hidden by a moderator (visible moderation): only its author and admins see it, marked with the reason. */
    hiddenAt: timestampColumn('hidden_at'),
    hiddenReason: varchar('hidden_reason', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('comments_target_created_idx').on(
      t.targetType,
      t.targetId,
      t.parentId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('comments_target_hot_idx').on(
      t.targetType,
      t.targetId,
      t.parentId,
      t.hotScore.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('comments_parent_created_idx').on(t.parentId, t.createdAt, t.id),
    index('comments_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // Whose content is hidden (new-account limits, server/modules/trust): only hidden rows.
    index('comments_user_hidden_idx').on(t.userId, t.hiddenAt).where(sql`${t.hiddenAt} is not null`),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    commentId: idColumn('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.commentId] }), index('comment_likes_comment_idx').on(t.commentId)],
);

export const pins = pgTable(
  'pins',
  {
    id: idColumn().primaryKey(),
    userId: idColumn('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: varchar('content', { length: 1000 }).notNull(),
    imageUrlList: jsonb('image_url_list').$type<string[]>().notNull().default([]),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    hotScore: doublePrecision('hot_score').notNull().default(0),
    /** Hidden by a moderator (visible moderation): only its author and admins see it, marked with the reason. */
    hiddenAt: timestampColumn('hidden_at'),
    hiddenReason: varchar('hidden_reason', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pins_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('pins_hot_idx').on(t.hotScore.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('pins_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('pins_user_hidden_idx').on(t.userId, t.hiddenAt).where(sql`${t.hiddenAt} is not null`),
  ],
);

export const pinLikes = pgTable(
  'pin_likes',
  {
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pinId: idColumn('pin_id')
      .notNull()
      .references(() => pins.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.pinId] }), index('pin_likes_pin_idx').on(t.pinId)],
);

export const collections = pgTable(
  'collections',
  {
    id: idColumn().primaryKey(),
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 40 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    /** Derived from the background image so the title stays readable on it. */
    maskColor: varchar('mask_color', { length: 16 }).notNull().default('#000000'),
    recommended: boolean('recommended').notNull().default(false),
    followerCount: integer('follower_count').notNull().default(0),
    entryCount: integer('entry_count').notNull().default(0),
    hotScore: doublePrecision('hot_score').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('collections_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('collections_hot_idx').on(t.hotScore.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('collections_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const collectionEntries = pgTable(
  'collection_entries',
  {
    collectionId: idColumn('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    entryId: idColumn('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.entryId] }),
    index('collection_entries_collection_created_idx').on(t.collectionId, t.createdAt.desc().nullsFirst()),
    index('collection_entries_entry_idx').on(t.entryId),
  ],
);

export const collectionFollows = pgTable(
  'collection_follows',
  {
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    collectionId: idColumn('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.collectionId] }),
    index('collection_follows_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('collection_follows_collection_idx').on(t.collectionId),
  ],
);

export const collectionTags = pgTable(
  'collection_tags',
  {
    collectionId: idColumn('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    tagId: idColumn('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.tagId] }), index('collection_tags_tag_idx').on(t.tagId)],
);

export const notificationTypes = [
  'follow',
  'like_entry',
  'comment_entry',
  'like_pin',
  'comment_pin',
  'like_comment',
  'reply',
  'follow_collection',
  'collect_entry',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/**
 * An activity group (SPEC §3): repeated events of one kind on one target fold into one row,
 * whose userList holds the latest actors and count all of them.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn().primaryKey(),
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 20 }).$type<NotificationType>().notNull(),
    /** type + target: the key events fold under while the group is unread. */
    groupKey: varchar('group_key', { length: 80 }).notNull(),
    actorIds: jsonb('actor_ids').$type<string[]>().notNull().default([]),
    count: integer('count').notNull().default(1),
    entryId: idColumn('entry_id'),
    pinId: idColumn('pin_id'),
    commentId: idColumn('comment_id'),
    replyId: idColumn('reply_id'),
    collectionId: idColumn('collection_id'),
    repoId: idColumn('repo_id'),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notifications_user_updated_idx').on(t.userId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notifications_group_idx').on(t.userId, t.groupKey, t.read),
  ],
);

/**
 * Who has already been told about whom, for the events a person can repeat by undoing and
 * redoing them (follow, like, collect): one row per recipient, event kind, target and actor, so
 * follow → unfollow → follow tells the followed person once (issue 12). target_id is the
 * entry, pin, comment or collection id ('' for following a person).
 */
export const notificationActors = pgTable(
  'notification_actors',
  {
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 20 }).$type<NotificationType>().notNull(),
    targetId: varchar('target_id', { length: 24 }).notNull(),
    actorId: idColumn('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type, t.targetId, t.actorId] })],
);

export const systemNotifications = pgTable(
  'system_notifications',
  {
    id: idColumn().primaryKey(),
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    check: boolean('check').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('system_notifications_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Raw tracking events (SPEC §7.9): page views, list statistics, behaviour and extension-banner
 * events, kept compactly (a bigint key, short bounded strings, no query strings) and for
 * TRACKING_RAW_RETENTION_DAYS only; tracking_daily keeps their daily rollup (docs/tracking.md).
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    action: varchar('action', { length: 16 }).notNull(),
    target: varchar('target', { length: 64 }).notNull().default(''),
    /** Behaviour value, or the pipe-joined entry ids of a list statistic (/log, /collector). */
    value: varchar('value', { length: 520 }).notNull().default(''),
    referrer: varchar('referrer', { length: 200 }).notNull().default(''),
    location: varchar('location', { length: 200 }).notNull().default(''),
    userId: idColumn('user_id'),
    suid: varchar('suid', { length: 24 }),
    createdAt: createdAt(),
  },
  (t) => [index('tracking_created_idx').on(t.createdAt)],
);

/**
 * The daily rollup of tracking_events (China Standard Time days): per action and target, the
 * events and the distinct visitors (a member by id, else the SUID). List statistics count one
 * impression per entry listed. Recomputed whole for a day, so it is exact and can be re-run.
 */
export const trackingDaily = pgTable(
  'tracking_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    action: varchar('action', { length: 16 }).notNull(),
    target: varchar('target', { length: 200 }).notNull(),
    events: integer('events').notNull(),
    visitors: integer('visitors').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.action, t.target] }), index('tracking_daily_target_idx').on(t.target, t.day)],
);
