import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestampColumn, updatedAt } from './columns.ts';

export const userRoles = ['guest', 'user', 'editor', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

export const users = pgTable(
  'users',
  {
    id: idColumn().primaryKey(),
    username: varchar('username', { length: 20 }).notNull(),
    email: varchar('email', { length: 64 }),
    emailVerified: boolean('email_verified').notNull().default(false),
    mobilePhoneNumber: varchar('mobile_phone_number', { length: 20 }),
    mobilePhoneVerified: boolean('mobile_phone_verified').notNull().default(false),
    /** Argon2id hash; null for accounts created through third-party login only. */
    passwordHash: text('password_hash'),
    /** Set by an admin or a breach response: the next login answers 410 and asks for a reset. */
    mustResetPassword: boolean('must_reset_password').notNull().default(false),
    role: varchar('role', { length: 16 }).$type<UserRole>().notNull().default('user'),
    avatarLarge: text('avatar_large').notNull().default(''),
    selfDescription: varchar('self_description', { length: 200 }).notNull().default(''),
    jobTitle: varchar('job_title', { length: 50 }).notNull().default(''),
    company: varchar('company', { length: 50 }).notNull().default(''),
    blogAddress: varchar('blog_address', { length: 200 }).notNull().default(''),
    isXiaoceAuthor: boolean('is_xiaoce_author').notNull().default(false),
    hasWallet: boolean('has_wallet').notNull().default(false),
    blacklist: boolean('blacklist').notNull().default(false),
    allowNotification: boolean('allow_notification').notNull().default(true),
    weeklyEmail: boolean('weekly_email').notNull().default(true),
    apply: boolean('apply').notNull().default(false),
    appliedEditorAt: timestampColumn('applied_editor_at'),
    editorType: varchar('editor_type', { length: 16 }).notNull().default('markdown'),
    deviceType: varchar('device_type', { length: 16 }).notNull().default('web'),
    totalHotIndex: integer('total_hot_index').notNull().default(0),
    // Counters shown on screen, kept exact in the transaction that changes what they count.
    followerCount: integer('follower_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    beLikedCount: integer('be_liked_count').notNull().default(0),
    beReadCount: integer('be_read_count').notNull().default(0),
    collectionCount: integer('collection_count').notNull().default(0),
    followedCollectionCount: integer('followed_collection_count').notNull().default(0),
    subscribedTagCount: integer('subscribed_tag_count').notNull().default(0),
    wroteBookCount: integer('wrote_book_count').notNull().default(0),
    boughtBookCount: integer('bought_book_count').notNull().default(0),
    postedPostsCount: integer('posted_posts_count').notNull().default(0),
    postedEntriesCount: integer('posted_entries_count').notNull().default(0),
    collectedEntriesCount: integer('collected_entries_count').notNull().default(0),
    commentedEntriesCount: integer('commented_entries_count').notNull().default(0),
    viewedEntriesCount: integer('viewed_entries_count').notNull().default(0),
    likedEntriesCount: integer('liked_entries_count').notNull().default(0),
    pinCount: integer('pin_count').notNull().default(0),
    unreadUserNotificationCount: integer('unread_user_notification_count').notNull().default(0),
    unreadSystemNotificationCount: integer('unread_system_notification_count').notNull().default(0),
    availableInviteCount: integer('available_invite_count').notNull().default(5),
    walletBalance: integer('wallet_balance').notNull().default(0),
    latestLoginedInAt: timestampColumn('latest_logined_in_at'),
    /** Suspended until this time (can read, cannot write), with the reason they are shown. */
    suspendedUntil: timestampColumn('suspended_until'),
    suspendReason: varchar('suspend_reason', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_uq').on(t.mobilePhoneNumber),
    index('users_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie's session id: a leaked table does not leak live sessions. */
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: varchar('client_id', { length: 64 }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestampColumn('last_seen_at').notNull().defaultNow(),
    expiresAt: timestampColumn('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const oauthProviders = ['github', 'weibo', 'wechat'] as const;

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: idColumn().primaryKey(),
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).$type<(typeof oauthProviders)[number]>().notNull(),
    providerUserId: varchar('provider_user_id', { length: 128 }).notNull(),
    nickname: varchar('nickname', { length: 100 }).notNull().default(''),
    username: varchar('username', { length: 100 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oauth_provider_account_uq').on(t.provider, t.providerUserId),
    uniqueIndex('oauth_user_provider_uq').on(t.userId, t.provider),
  ],
);

/** Single-use secrets: image captchas, SMS codes, mail tokens. Only a hash of the secret is stored. */
export const verificationTokens = pgTable(
  'verification_tokens',
  {
    id: idColumn().primaryKey(),
    purpose: varchar('purpose', { length: 24 }).notNull(),
    /** The phone, e-mail or captcha token the secret was issued for. */
    target: varchar('target', { length: 128 }).notNull(),
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    userId: idColumn('user_id').references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestampColumn('expires_at').notNull(),
    usedAt: timestampColumn('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_target_idx').on(t.purpose, t.target, t.createdAt.desc().nullsFirst())],
);

/** Mail and SMS that no outside provider is configured for; the dev outbox page reads them. */
export const outbox = pgTable(
  'outbox',
  {
    id: idColumn().primaryKey(),
    channel: varchar('channel', { length: 8 }).$type<'mail' | 'sms'>().notNull(),
    recipient: varchar('recipient', { length: 128 }).notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export const follows = pgTable(
  'follows',
  {
    followerId: idColumn('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: idColumn('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('follows_follower_created_idx').on(t.followerId, t.createdAt.desc().nullsFirst()),
    index('follows_followee_created_idx').on(t.followeeId, t.createdAt.desc().nullsFirst()),
  ],
);

/** Muting (beyond the spec): muted users' and tags' content leaves every list the muter sees. */
export const mutes = pgTable(
  'mutes',
  {
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: varchar('target_type', { length: 8 }).$type<'user' | 'tag'>().notNull(),
    targetId: idColumn('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.targetType, t.targetId] })],
);

export const mailSubscriptionTypes = ['follow', 'article', 'week'] as const;

export const mailSubscriptions = pgTable(
  'mail_subscriptions',
  {
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 8 }).$type<(typeof mailSubscriptionTypes)[number]>().notNull(),
    subscribed: boolean('subscribed').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

export const invitations = pgTable(
  'invitations',
  {
    id: idColumn().primaryKey(),
    senderId: idColumn('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverName: varchar('receiver_name', { length: 20 }).notNull(),
    receiverEmail: varchar('receiver_email', { length: 64 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    acceptedBy: idColumn('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invitations_sender_idx').on(t.senderId, t.createdAt.desc().nullsFirst()),
    // Registration through the mailed link finds its invitation by the token's hash.
    uniqueIndex('invitations_token_uq').on(t.tokenHash),
  ],
);
