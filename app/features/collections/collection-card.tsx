import { formatCount } from '@core/format.ts';
import { Link } from 'react-router';
import { CollectionCover } from './collection-cover.tsx';
import type { CollectionView } from './types.ts';

/** One collection in a list: its cover with title and description, author and counts. */
export function CollectionCard({ collection }: { collection: CollectionView }) {
  return (
    <li className="overflow-hidden rounded border border-line bg-card">
      <Link to={`/collection/${collection.id}`} className="block focus-visible:outline-offset-[-2px]">
        <CollectionCover
          imageUrl={collection.imageUrl}
          maskColor={collection.maskColor}
          title={collection.title}
          className="h-32"
        >
          <div className="flex h-32 flex-col justify-end p-4 text-white">
            <h2 className="line-clamp-1 font-semibold text-base">{collection.title}</h2>
            {collection.description && (
              <p className="mt-1 line-clamp-2 text-[13px] text-white/85">{collection.description}</p>
            )}
          </div>
        </CollectionCover>
      </Link>
      <div className="flex items-center justify-between gap-2 px-4 py-2.5 text-[13px] text-fg-3">
        <Link to={`/user/${collection.author.id}`} className="min-w-0 truncate text-fg-2 hover:text-brand">
          {collection.author.username}
        </Link>
        <span className="shrink-0">
          {formatCount(collection.entryCount)} 篇文章 · {formatCount(collection.followerCount)} 人关注
        </span>
      </div>
    </li>
  );
}
