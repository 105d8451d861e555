import { formatCount } from '@core/format.ts';
import type { EntryView } from '@server/modules/entries/entries.service.ts';
import { Link } from 'react-router';

/**
 * One line of 本周最热, and all the column page's loader sends of it (issue 10 goal 5: no loader
 * data the page does not show): the title, its likes and the author's name, not the whole row
 * with its abstract, cover, tags and counts. The list holds column articles only (type post).
 */
export interface HotColumnView {
  id: string;
  title: string;
  likeCount: number;
  username: string;
}

export function toHotColumn(entry: Pick<EntryView, 'id' | 'title' | 'likeCount' | 'user'>): HotColumnView {
  return { id: entry.id, title: entry.title, likeCount: entry.likeCount, username: entry.user.username };
}

/**
 * 本周最热: the column aside's six most liked posts of the week (SPEC §7.3). Styled by place
 * under .hot-cols (app/app.css): the first three ranks in the brand colour.
 */
export function HotColumns({ entries }: { entries: HotColumnView[] }) {
  return (
    <section aria-labelledby="hot-columns-title" className="hot-cols">
      <h2 id="hot-columns-title">本周最热</h2>
      {entries.length === 0 ? (
        <p>本周还没有热门专栏文章</p>
      ) : (
        <ol>
          {entries.map((entry, index) => (
            <li key={entry.id}>
              <span>{index + 1}</span>
              <div>
                <Link to={`/post/${entry.id}`} discover="none">
                  {entry.title}
                </Link>
                <p>{`${formatCount(entry.likeCount)} 点赞 · ${entry.username}`}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
