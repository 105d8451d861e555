import { formatCount } from '@core/format.ts';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { trackEntryList } from '~/lib/track.ts';
import { entryHref } from '~/lib/links.ts';
import type { EntryRowView } from './types.ts';

/** 相关文章: newer entries of the same category, title and counts only. */
export function RelatedEntries({ entries }: { entries: EntryRowView[] }) {
  const ids = entries.map((entry) => entry.id).join('|');
  // Recommendation statistics (GET /collector): the related entries shown; nothing for none.
  useEffect(() => {
    trackEntryList('collector', ids ? ids.split('|') : [], 'related');
  }, [ids]);
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="rounded bg-card px-4 py-4">
      <h2 id="related-title" className="border-line border-b pb-3 font-semibold text-base">
        相关文章
      </h2>
      <ul className="mt-1">
        {entries.map((entry) => (
          <li key={entry.id} className="py-2">
            <Link to={entryHref(entry)} className="line-clamp-2 text-fg hover:text-brand">
              {entry.title}
            </Link>
            <p className="mt-0.5 text-[13px] text-fg-3">
              {formatCount(entry.likeCount)} 点赞 · {formatCount(entry.commentCount)} 评论
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface RelatedCollectionView {
  id: string;
  title: string;
  entryCount: number;
  followerCount: number;
}

/** 相关收藏集: the collection get_related_entry names beside the entries (SPEC §7.3). */
export function RelatedCollections({ collections }: { collections: RelatedCollectionView[] }) {
  if (collections.length === 0) return null;
  return (
    <section aria-labelledby="related-collections-title" className="rounded bg-card px-4 py-4">
      <h2 id="related-collections-title" className="border-line border-b pb-3 font-semibold text-base">
        相关收藏集
      </h2>
      <ul className="mt-1">
        {collections.map((collection) => (
          <li key={collection.id} className="py-2">
            <Link to={`/collection/${collection.id}`} className="line-clamp-2 text-fg hover:text-brand">
              {collection.title}
            </Link>
            <p className="mt-0.5 text-[13px] text-fg-3">
              {formatCount(collection.entryCount)} 篇文章 · {formatCount(collection.followerCount)} 人关注
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
