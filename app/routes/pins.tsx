import { data, Link } from 'react-router';
import { PinComposer } from '~/features/pins/pin-composer.tsx';
import { PinFeed } from '~/features/pins/pin-feed.tsx';
import { pinRows } from '~/features/pins/pin-rows.server.tsx';
import { PIN_TABS, type PinTab, type PinView } from '~/features/pins/types.ts';
import { pageMeta } from '~/lib/meta.ts';
import { fromService, requireSignedIn } from '~/lib/route-guards.server.ts';
import { PageContainer, WithAside } from '~/ui/page-layout.tsx';
import { listPins } from '@server/modules/pins/pins.service.ts';
import type { Route } from './+types/pins';
import { useState } from 'react';

/** /pins (newest), /pins/hot, /pins/following (signed in only). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const tab: PinTab | undefined =
    params.tab === undefined
      ? 'newest'
      : params.tab === 'hot'
        ? 'hot'
        : params.tab === 'following'
          ? 'following'
          : undefined;
  if (!tab) throw data({ message: '找不到页面' }, { status: 404 });
  if (tab === 'following') requireSignedIn(context);
  const page = await fromService(listPins(context, { sort: tab }));
  return { tab, ...page, pins: pinRows(context, page.pins) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '沸点');

export default function Pins({ loaderData }: Route.ComponentProps) {
  const { tab } = loaderData;
  const [published, setPublished] = useState<PinView[]>([]);
  return (
    <PageContainer>
      <WithAside
        asideLabel="沸点侧栏"
        aside={
          <div className="rounded bg-card p-4 text-fg-2 text-sm leading-relaxed">
            <h2 className="mb-2 font-semibold text-fg">沸点</h2>
            <p>用简短的文字和图片，分享你的新鲜事、学习心得和开发日常。</p>
          </div>
        }
      >
        <h1 className="sr-only">沸点</h1>
        <PinComposer onPublished={(pin) => setPublished((current) => [pin, ...current])} />
        <nav aria-label="沸点分类" className="mt-4 flex gap-5 rounded-t bg-card px-5 pt-3">
          {PIN_TABS.map((t) => (
            <Link
              key={t.key}
              to={t.to}
              aria-current={t.key === tab ? 'page' : undefined}
              className={`border-b-2 pb-2 text-sm ${t.key === tab ? 'border-brand font-medium text-brand' : 'border-transparent text-fg-2 hover:text-brand'}`}
            >
              {t.label}
            </Link>
          ))}
        </nav>
        <PinFeed
          key={`${tab}:${published.length}`}
          sort={tab}
          pins={[...published.filter((p) => !loaderData.pins.some((q) => q.id === p.id)), ...loaderData.pins]}
          pointer={loaderData.pointer}
          empty={tab === 'following' ? '关注的人还没有发沸点，去看看最新沸点吧' : '这里还没有沸点'}
        />
      </WithAside>
    </PageContainer>
  );
}
