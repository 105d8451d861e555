import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, timestampColumn, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const booklets = pgTable(
  'booklets',
  {
    id: idColumn().primaryKey(),
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 60 }).notNull(),
    summary: varchar('summary', { length: 400 }).notNull().default(''),
    description: text('description').notNull().default(''),
    img: text('img').notNull().default(''),
    category: varchar('category', { length: 16 }).notNull().default('frontend'),
    /** Price in fen (1/100 yuan). */
    price: integer('price').notNull().default(0),
    isHot: boolean('is_hot').notNull().default(false),
    isTop: boolean('is_top').notNull().default(false),
    isDraft: boolean('is_draft').notNull().default(true),
    isFinished: boolean('is_finished').notNull().default(false),
    /** When the author last submitted it for review; null: never submitted. Approval clears is_draft. */
    submittedAt: timestampColumn('submitted_at'),
    sectionCount: integer('section_count').notNull().default(0),
    buyCount: integer('buy_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('booklets_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('booklets_category_updated_idx').on(t.category, t.updatedAt.desc().nullsFirst()),
    index('booklets_user_idx').on(t.userId),
  ],
);

export const bookletSections = pgTable(
  'booklet_sections',
  {
    id: idColumn().primaryKey(),
    bookletId: idColumn('booklet_id')
      .notNull()
      .references(() => booklets.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull().default(''),
    contentHtml: text('content_html').notNull().default(''),
    position: smallint('position').notNull(),
    isFree: boolean('is_free').notNull().default(false),
    isDraft: boolean('is_draft').notNull().default(true),
    readingMinutes: smallint('reading_minutes').notNull().default(1),
    viewCount: integer('view_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('booklet_sections_booklet_idx').on(t.bookletId, t.position)],
);

/** Where a person last read in a booklet ("continue where you left off"). */
export const bookletProgress = pgTable(
  'booklet_progress',
  {
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookletId: idColumn('booklet_id')
      .notNull()
      .references(() => booklets.id, { onDelete: 'cascade' }),
    sectionId: idColumn('section_id')
      .notNull()
      .references(() => bookletSections.id, { onDelete: 'cascade' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookletId] })],
);

/** One counted view per visitor (user id, or s:SUID) per booklet or section per day (China time). */
export const bookletViews = pgTable(
  'booklet_views',
  {
    targetId: idColumn('target_id').notNull(),
    visitorId: varchar('visitor_id', { length: 64 }).notNull(),
    day: varchar('day', { length: 10 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.targetId, t.visitorId, t.day] })],
);

export const discountCodes = pgTable('discount_codes', {
  code: varchar('code', { length: 32 }).primaryKey(),
  bookletId: idColumn('booklet_id').references(() => booklets.id, { onDelete: 'cascade' }),
  /** Percent taken off the price, 100 for a free order. */
  percentOff: smallint('percent_off').notNull(),
  maxUses: integer('max_uses').notNull().default(1),
  usedCount: integer('used_count').notNull().default(0),
  expiresAt: timestampColumn('expires_at'),
  createdAt: createdAt(),
});

export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: idColumn().primaryKey(),
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookletId: idColumn('booklet_id')
      .notNull()
      .references(() => booklets.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    channel: varchar('channel', { length: 12 }).notNull().default('wxpay'),
    discountCode: varchar('discount_code', { length: 32 }),
    status: varchar('status', { length: 8 }).$type<'pending' | 'paid' | 'closed'>().notNull().default('pending'),
    providerRef: varchar('provider_ref', { length: 64 }),
    /** The provider's QR payload for a pending order (WeChat code_url or the sandbox page). */
    codeUrl: text('code_url'),
    paidAt: timestampColumn('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_orders_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // One open order per reader and booklet: parallel clicks meet here (docs/decisions/013).
    uniqueIndex('payment_orders_pending_uq').on(t.userId, t.bookletId).where(sql`status = 'pending'`),
  ],
);

export const bookletPurchases = pgTable(
  'booklet_purchases',
  {
    id: idColumn().primaryKey(),
    bookletId: idColumn('booklet_id')
      .notNull()
      .references(() => booklets.id, { onDelete: 'cascade' }),
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: idColumn('order_id').references(() => paymentOrders.id),
    pricePaid: integer('price_paid').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('booklet_purchases_user_booklet_uq').on(t.userId, t.bookletId),
    index('booklet_purchases_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export const events = pgTable(
  'events',
  {
    id: idColumn().primaryKey(),
    title: varchar('title', { length: 100 }).notNull(),
    city: varchar('city', { length: 20 }).notNull(),
    address: varchar('address', { length: 200 }).notNull().default(''),
    url: text('url').notNull().default(''),
    screenshot: text('screenshot').notNull().default(''),
    showBanner: boolean('show_banner').notNull().default(false),
    startedAt: timestampColumn('started_at').notNull(),
    endedAt: timestampColumn('ended_at').notNull(),
    userId: idColumn('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('events_started_idx').on(t.startedAt, t.id), index('events_city_started_idx').on(t.city, t.startedAt)],
);

export const walletBills = pgTable(
  'wallet_bills',
  {
    id: idColumn().primaryKey(),
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Fen; positive for income, negative for withdrawals. */
    amount: integer('amount').notNull(),
    kind: varchar('kind', { length: 16 }).$type<'booklet_income' | 'withdrawal' | 'refund'>().notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    /** The withdrawal application a withdrawal (or its refund) bill belongs to. */
    withdrawalId: idColumn('withdrawal_id').references((): AnyPgColumn => withdrawalApplications.id, {
      onDelete: 'set null',
    }),
    createTime: timestampColumn('create_time').notNull().defaultNow(),
    updateTime: timestampColumn('update_time').notNull().defaultNow(),
  },
  (t) => [
    index('wallet_bills_user_created_idx').on(t.userId, t.createTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const withdrawalApplications = pgTable(
  'withdrawal_applications',
  {
    id: idColumn().primaryKey(),
    userId: idColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    volume: integer('volume').notNull(),
    alipayAccount: varchar('alipay_account', { length: 64 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    status: varchar('status', { length: 12 }).$type<'pending' | 'paid' | 'rejected'>().notNull().default('pending'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('withdrawals_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
