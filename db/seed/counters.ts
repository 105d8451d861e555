import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { collectionHotScore, commentHotScore, entryHotScore, pinHotScore } from '../ranking.ts';

/** The database or a transaction: both can run these statements. */
type Executor = Pick<Db, 'execute'>;

/**
 * Counter columns recomputed from the rows they count, so that bulk loads end exactly where
 * the services' per-change updates would have. The services keep them exact afterwards, in
 * the transaction of each change; these statements define what each counter counts.
 */

/** Entries per category, and per category and type with how many have a comment (run after recountContent). */
export async function recountCategories(tx: Executor): Promise<void> {
  await tx.execute(sql`
    UPDATE categories c SET entries_count = coalesce(filed.n, 0)
    FROM categories x
    LEFT JOIN (SELECT category_id AS id, count(*) AS n FROM entries GROUP BY 1) filed ON filed.id = x.id
    WHERE c.id = x.id`);
  await tx.execute(sql`DELETE FROM category_entry_counts`);
  await tx.execute(sql`
    INSERT INTO category_entry_counts (category_id, type, entries_count, commented_count)
    SELECT category_id, type, count(*), count(latest_comment_at) FROM entries GROUP BY 1, 2`);
}

export async function recountTags(tx: Executor): Promise<void> {
  await tx.execute(sql`
    UPDATE tags t SET entries_count = coalesce(tagged.n, 0), subscribers_count = coalesce(subscribers.n, 0)
    FROM tags x
    LEFT JOIN (SELECT tag_id AS id, count(*) AS n FROM entry_tags GROUP BY 1) tagged ON tagged.id = x.id
    LEFT JOIN (SELECT tag_id AS id, count(*) AS n FROM tag_subscriptions GROUP BY 1) subscribers ON subscribers.id = x.id
    WHERE t.id = x.id`);
}

/** Engagement on entries, comments, pins, collections, repos and booklets. */
export async function recountContent(tx: Executor): Promise<void> {
  await tx.execute(sql`
    UPDATE comments c SET
      like_count = (SELECT count(*) FROM comment_likes l WHERE l.comment_id = c.id),
      sub_comment_count = (SELECT count(*) FROM comments r WHERE r.parent_id = c.id AND NOT r.deleted)`);
  await tx.execute(sql`UPDATE comments SET hot_score = ${commentHotScore}`);
  await tx.execute(sql`
    UPDATE entries e SET
      like_count = (SELECT count(*) FROM entry_likes l WHERE l.entry_id = e.id),
      comment_count = (SELECT count(*) FROM comments c
        WHERE c.target_type = 'entry' AND c.target_id = e.id AND NOT c.deleted),
      latest_comment_at = (SELECT max(c.created_at) FROM comments c
        WHERE c.target_type = 'entry' AND c.target_id = e.id AND NOT c.deleted),
      collection_count = (SELECT count(*) FROM collection_entries ce WHERE ce.entry_id = e.id)`);
  await tx.execute(sql`UPDATE entries SET hot_score = ${entryHotScore}`);
  await tx.execute(sql`
    UPDATE vote_options o SET vote_count = (SELECT count(*) FROM entry_votes v WHERE v.option_id = o.id)`);
  await tx.execute(sql`UPDATE entry_search s SET hot_score = e.hot_score FROM entries e WHERE e.id = s.entry_id`);
  await tx.execute(sql`
    UPDATE pins p SET
      like_count = (SELECT count(*) FROM pin_likes l WHERE l.pin_id = p.id),
      comment_count = (SELECT count(*) FROM comments c
        WHERE c.target_type = 'pin' AND c.target_id = p.id AND NOT c.deleted)`);
  await tx.execute(sql`UPDATE pins SET hot_score = ${pinHotScore}`);
  await tx.execute(sql`
    UPDATE collections c SET
      follower_count = (SELECT count(*) FROM collection_follows f WHERE f.collection_id = c.id),
      entry_count = (SELECT count(*) FROM collection_entries ce JOIN entries e ON e.id = ce.entry_id
        WHERE ce.collection_id = c.id AND e.hidden_at IS NULL)`);
  await tx.execute(sql`UPDATE collections SET hot_score = ${collectionHotScore}`);
  await tx.execute(sql`
    UPDATE repos r SET comment_count = (SELECT count(*) FROM comments c
      WHERE c.target_type = 'repo' AND c.target_id = r.id AND NOT c.deleted)`);
  await tx.execute(sql`
    UPDATE booklet_sections s SET comment_count = (SELECT count(*) FROM comments c
      WHERE c.target_type = 'section' AND c.target_id = s.id AND NOT c.deleted)`);
  await tx.execute(sql`
    UPDATE booklets b SET
      section_count = (SELECT count(*) FROM booklet_sections s WHERE s.booklet_id = b.id AND NOT s.is_draft),
      buy_count = (SELECT count(*) FROM booklet_purchases p WHERE p.booklet_id = b.id)`);
}

/**
 * Every per-user counter, each aggregate computed once over its table (a per-user subquery
 * would cost a lookup per user and counter: minutes at 100k users). Posts are column articles
 * (type post); entries are everything else a user published (articles, shared links, votes).
 * be_liked counts likes on the user's entries, be_read their entries' views.
 * viewed_entries_count is left to view recording.
 */
export async function recountUsers(tx: Executor): Promise<void> {
  await tx.execute(sql`
    UPDATE users u SET
      follower_count = coalesce(followers.n, 0),
      following_count = coalesce(following.n, 0),
      be_liked_count = coalesce(authored.liked, 0),
      be_read_count = coalesce(authored.read, 0),
      posted_posts_count = coalesce(authored.posts, 0),
      posted_entries_count = coalesce(authored.others, 0),
      liked_entries_count = coalesce(likes.n, 0),
      commented_entries_count = coalesce(commented.n, 0),
      collection_count = coalesce(owned.n, 0),
      followed_collection_count = coalesce(followed.n, 0),
      collected_entries_count = coalesce(collected.n, 0),
      subscribed_tag_count = coalesce(subscribed.n, 0),
      pin_count = coalesce(pinned.n, 0),
      wrote_book_count = coalesce(wrote.n, 0),
      bought_book_count = coalesce(bought.n, 0),
      unread_user_notification_count = coalesce(unread.n, 0),
      unread_system_notification_count = coalesce(unread_system.n, 0),
      wallet_balance = coalesce(wallet.n, 0)
    FROM users x
    LEFT JOIN (SELECT followee_id AS id, count(*) AS n FROM follows GROUP BY 1) followers ON followers.id = x.id
    LEFT JOIN (SELECT follower_id AS id, count(*) AS n FROM follows GROUP BY 1) following ON following.id = x.id
    LEFT JOIN (
      SELECT user_id AS id, sum(like_count) AS liked, sum(view_count) AS read,
        count(*) FILTER (WHERE type = 'post') AS posts, count(*) FILTER (WHERE type <> 'post') AS others
      FROM entries GROUP BY 1
    ) authored ON authored.id = x.id
    LEFT JOIN (SELECT user_id AS id, count(*) AS n FROM entry_likes GROUP BY 1) likes ON likes.id = x.id
    LEFT JOIN (
      SELECT user_id AS id, count(DISTINCT target_id) AS n FROM comments
      WHERE target_type = 'entry' AND NOT deleted GROUP BY 1
    ) commented ON commented.id = x.id
    LEFT JOIN (SELECT user_id AS id, count(*) AS n FROM collections GROUP BY 1) owned ON owned.id = x.id
    LEFT JOIN (SELECT user_id AS id, count(*) AS n FROM collection_follows GROUP BY 1) followed ON followed.id = x.id
    LEFT JOIN (
      SELECT c.user_id AS id, count(*) AS n FROM collection_entries ce JOIN collections c ON c.id = ce.collection_id GROUP BY 1
    ) collected ON collected.id = x.id
    LEFT JOIN (SELECT user_id AS id, count(*) AS n FROM tag_subscriptions GROUP BY 1) subscribed ON subscribed.id = x.id
    LEFT JOIN (SELECT user_id AS id, count(*) AS n FROM pins GROUP BY 1) pinned ON pinned.id = x.id
    LEFT JOIN (SELECT user_id AS id, count(*) AS n FROM booklets WHERE NOT is_draft GROUP BY 1) wrote ON wrote.id = x.id
    LEFT JOIN (SELECT user_id AS id, count(*) AS n FROM booklet_purchases GROUP BY 1) bought ON bought.id = x.id
    LEFT JOIN (SELECT user_id AS id, count(*) AS n FROM notifications WHERE NOT read GROUP BY 1) unread ON unread.id = x.id
    LEFT JOIN (
      SELECT user_id AS id, count(*) AS n FROM system_notifications WHERE NOT "check" GROUP BY 1
    ) unread_system ON unread_system.id = x.id
    LEFT JOIN (SELECT user_id AS id, sum(amount) AS n FROM wallet_bills GROUP BY 1) wallet ON wallet.id = x.id
    WHERE u.id = x.id`);
}
