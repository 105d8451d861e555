import { PAGE_SIZE, TIMING } from '@core/constants.ts';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { useRequireLogin } from '~/lib/auth-modal.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { Button } from '~/ui/button.tsx';
import type { FollowUser } from './types.ts';

/**
 * Suggested people per category (SPEC §7.6 /getByTag, 4 at random, 5 s timeout), picked with
 * checkboxes and followed all at once (ids joined by a bar, SPEC §7.2).
 */
export function SuggestedPeople({ categories }: { categories: Array<{ name: string; title: string }> }) {
  const alerts = useAlerts();
  const requireLogin = useRequireLogin();
  const [category, setCategory] = useState('product');
  const [people, setPeople] = useState<FollowUser[]>([]);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [working, setWorking] = useState(false);

  const load = useCallback(
    async (name: string) => {
      setState('loading');
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), TIMING.suggestedFollowTimeoutMs);
      try {
        const result = await apiFetch<{ list: FollowUser[] }>(
          `/api/suggest/getByTag?tag=${encodeURIComponent(name)}&t=1`,
          { signal: controller.signal },
        );
        const list = result.list.slice(0, PAGE_SIZE.suggestedUsers);
        setPeople(list);
        setPicked(new Set(list.filter((u) => !u.isFollow).map((u) => u.id)));
        setState('ready');
      } catch (error) {
        setState('failed');
        if (!controller.signal.aborted) alerts.pushError(error);
      } finally {
        clearTimeout(timer);
      }
    },
    [alerts],
  );

  useEffect(() => {
    load(category);
  }, [load, category]);

  async function followPicked() {
    try {
      const me = requireLogin();
      const ids = [...picked];
      if (ids.length === 0) return;
      setWorking(true);
      await apiFetch('/api/follow/follow', { method: 'POST', json: { follower: me.id, followee: ids.join('|') } });
      setPeople((current) => current.map((u) => (picked.has(u.id) ? { ...u, isFollow: true } : u)));
      setPicked(new Set());
      alerts.push({ type: 'success', message: `已关注 ${ids.length} 人` });
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setWorking(false);
    }
  }

  return (
    <section aria-labelledby="suggested-people" className="rounded bg-card p-5">
      <h2 id="suggested-people" className="font-semibold text-fg text-lg">
        关注你感兴趣的人
      </h2>
      <div className="mt-3 flex flex-wrap gap-2" role="tablist" aria-label="分类">
        {categories.map((c) => (
          <button
            key={c.name}
            type="button"
            role="tab"
            aria-selected={c.name === category}
            onClick={() => setCategory(c.name)}
            className={`h-8 rounded px-3 text-sm ${c.name === category ? 'bg-brand text-white dark:text-black' : 'bg-page text-fg-2 hover:text-brand'}`}
          >
            {c.title}
          </button>
        ))}
      </div>
      {state === 'loading' && <p className="py-8 text-center text-fg-3 text-sm">加载中...</p>}
      {state === 'failed' && (
        <p className="py-8 text-center text-fg-3 text-sm">
          推荐加载失败，
          <button type="button" className="text-brand hover:underline" onClick={() => load(category)}>
            重试
          </button>
        </p>
      )}
      {state === 'ready' &&
        (people.length === 0 ? (
          <p className="py-8 text-center text-fg-3 text-sm">这个分类暂时没有可推荐的人</p>
        ) : (
          <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="推荐关注">
            {people.map((u) => (
              <li key={u.id} className="flex items-center gap-3 rounded border border-line p-3">
                <input
                  type="checkbox"
                  aria-label={`选择 ${u.username}`}
                  disabled={u.isFollow}
                  checked={u.isFollow || picked.has(u.id)}
                  onChange={(e) =>
                    setPicked((current) => {
                      const next = new Set(current);
                      if (e.target.checked) next.add(u.id);
                      else next.delete(u.id);
                      return next;
                    })
                  }
                  className="size-4 accent-[var(--color-brand)]"
                />
                <Avatar user={u} size={40} />
                <div className="min-w-0">
                  <Link to={`/user/${u.id}`} className="font-medium text-fg hover:text-brand">
                    {u.username}
                  </Link>
                  <p className="truncate text-[13px] text-fg-3">
                    {u.isFollow
                      ? '已关注'
                      : [u.jobTitle, u.company].filter(Boolean).join(' · ') || `${u.followerCount} 关注者`}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ))}
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => load(category)} disabled={state === 'loading'}>
          换一批
        </Button>
        <Button onClick={followPicked} disabled={working || picked.size === 0}>
          {working ? '关注中...' : `关注所选（${picked.size}）`}
        </Button>
      </div>
    </section>
  );
}
