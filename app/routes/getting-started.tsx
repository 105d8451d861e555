import { useState } from 'react';
import { Link } from 'react-router';
import { SuggestedPeople } from '~/features/users/suggested-people.tsx';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { pageMeta } from '~/lib/meta.ts';
import { requireSignedIn } from '~/lib/route-guards.server.ts';
import { buttonClass } from '~/ui/button.tsx';
import { PageContainer } from '~/ui/page-layout.tsx';
import { getCategoryIndex, suggestTags } from '@server/modules/tags/tags.service.ts';
import type { Route } from './+types/getting-started';

/** /getting-started (signed in only): people to follow per category and tags to subscribe to. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context);
  const [index, tags] = await Promise.all([
    getCategoryIndex(context),
    suggestTags(context, { type: 'tag', page: 0, pageSize: 20, viewer }),
  ]);
  return {
    categories: index.list.map(({ name, title }) => ({ name, title })),
    tags: tags.tagList.map(({ id, title, subscribed, subscribersCount }) => ({
      id,
      title,
      subscribed,
      subscribersCount,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '开始使用');

function SuggestedTags({ tags }: { tags: Array<{ id: string; title: string; subscribed: boolean }> }) {
  const alerts = useAlerts();
  const [subscribed, setSubscribed] = useState(() => new Set(tags.filter((t) => t.subscribed).map((t) => t.id)));

  async function toggle(id: string) {
    const on = subscribed.has(id);
    try {
      await apiFetch(`/api/tag/tag/subscribe/${id}`, { method: on ? 'DELETE' : 'PUT' });
      setSubscribed((current) => {
        const next = new Set(current);
        if (on) next.delete(id);
        else next.add(id);
        return next;
      });
    } catch (error) {
      alerts.pushError(error);
    }
  }

  return (
    <section aria-labelledby="suggested-tags" className="rounded bg-card p-5">
      <h2 id="suggested-tags" className="font-semibold text-fg text-lg">
        关注你感兴趣的标签
      </h2>
      {tags.length === 0 ? (
        <p className="py-6 text-center text-fg-3 text-sm">你已经关注了所有热门标签</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="推荐标签">
          {tags.map((t) => {
            const on = subscribed.has(t.id);
            return (
              <li key={t.id}>
                <button
                  type="button"
                  aria-pressed={on}
                  onClick={() => toggle(t.id)}
                  className={`h-8 rounded border px-3 text-sm ${on ? 'border-brand bg-brand-tint text-brand' : 'border-line text-fg-2 hover:border-brand hover:text-brand'}`}
                >
                  {on ? '✓ ' : '+ '}
                  {t.title}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export default function GettingStarted({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer className="max-w-[820px] space-y-4">
      <header className="rounded bg-card p-5">
        <h1 className="font-bold text-[22px] text-fg">欢迎来到金砂</h1>
        <p className="mt-1 text-fg-2 text-sm">关注一些人和标签，你的首页会出现他们的最新内容。</p>
      </header>
      <SuggestedPeople categories={loaderData.categories} />
      <SuggestedTags tags={loaderData.tags} />
      <div className="text-right">
        <Link to="/timeline/subscribe" className={buttonClass('primary', 'md')}>
          完成，去首页
        </Link>
      </div>
    </PageContainer>
  );
}
