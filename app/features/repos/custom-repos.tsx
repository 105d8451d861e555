import { formatCount } from '@core/format.ts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { Star } from '~/ui/icons.tsx';
import { LoadMoreButton } from '~/ui/load-more-button.tsx';
import { OwnerAvatar } from './owner-avatar.tsx';
import type { RepoView } from './types.ts';

export interface CustomRepoPage {
  total: number;
  repoList: RepoView[];
  before: string | null;
}

/** The custom home list (getCustomRepos): editors' picks, 5 at a time, more on demand. */
export function CustomRepos({ initial }: { initial: CustomRepoPage }) {
  const alerts = useAlerts();
  const [list, setList] = useState(initial.repoList);
  const [before, setBefore] = useState(initial.before);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setList(initial.repoList);
    setBefore(initial.before);
  }, [initial]);

  async function more() {
    if (!before) return;
    setLoading(true);
    try {
      const next = await apiFetch<CustomRepoPage>(`/api/repo/getCustomRepos?before=${encodeURIComponent(before)}`);
      const known = new Set(list.map((r) => r.id));
      setList([...list, ...next.repoList.filter((r) => !known.has(r.id))]);
      setBefore(next.repoList.length > 0 ? next.before : null);
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setLoading(false);
    }
  }

  return (
    <section aria-label="推荐开源库" className="rounded bg-card">
      <h2 className="flex items-center justify-between border-line border-b px-4 py-3 font-medium text-fg">
        推荐开源库
        <span className="font-normal text-[13px] text-fg-3">{initial.total} 个</span>
      </h2>
      {list.length === 0 ? (
        <p className="px-4 py-6 text-center text-fg-3 text-sm">编辑还没有推荐开源库</p>
      ) : (
        <ul>
          {list.map((repo) => (
            <li key={repo.id} className="flex items-start gap-2 px-4 py-3">
              <OwnerAvatar owner={repo.user} size={28} />
              <div className="min-w-0 flex-1">
                <Link to={`/repo/${repo.id}`} className="block truncate font-medium text-fg text-sm hover:text-brand">
                  {repo.user.username}/{repo.name}
                </Link>
                <p className="line-clamp-2 text-[13px] text-fg-3">{repo.translation.description || repo.description}</p>
                <p className="mt-1 inline-flex items-center gap-1 text-[13px] text-fg-3">
                  <Star size={12} aria-hidden />
                  {formatCount(repo.starCount)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {before && list.length < initial.total && (
        <div className="border-line border-t px-4 py-2">
          <LoadMoreButton onClick={more} loading={loading} />
        </div>
      )}
    </section>
  );
}
