import { monthLabel } from '@core/events.ts';
import { Link } from 'react-router';
import { EventBannerCard, EventCard } from '~/features/events/event-card.tsx';
import { eventsHref } from '~/features/events/event-links.ts';
import { loadEventsPage } from '~/features/events/events.server.ts';
import { Pagination } from '~/features/entries/pagination.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { EmptyState } from '~/ui/empty-state.tsx';
import { CategoryNav } from '~/ui/nav-tabs.tsx';
import { PageContainer } from '~/ui/page-layout.tsx';
import type { Route } from './+types/events';

/** /events/{city?}: events by city and month, coming apart from past, 20 a page (SPEC §2.3, §7.9). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await loadEventsPage(context, params.city, new URL(request.url));
  // The time the page was made: phases (进行中, 已结束) read the same on the server and in the browser.
  return { ...page, now: Date.now() };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(
    matches,
    data && data.city !== 'all' ? `${data.cityName}活动` : '活动',
    '技术大会、线下沙龙与开发者聚会：按城市和月份查看金砂活动日历',
  );

const chip = (active: boolean) =>
  `inline-flex h-7 shrink-0 items-center gap-1 whitespace-nowrap rounded-full px-3 text-[13px] transition-colors duration-150 ${
    active ? 'bg-brand-tint text-brand' : 'bg-page text-fg-2 hover:text-brand'
  }`;

export default function Events({ loaderData }: Route.ComponentProps) {
  const { city, cityName, cities, month, tab, page, pageCount, total, events, banners, months, now } = loaderData;
  const tabs = [
    { key: 'coming' as const, label: '即将开始' },
    { key: 'past' as const, label: '往期活动' },
  ];
  return (
    <PageContainer className="space-y-4">
      <h1 className="sr-only">活动</h1>
      {banners.length > 0 && (
        <section aria-label="推荐活动">
          <ul className="flex gap-4 overflow-x-auto pb-1 [scrollbar-width:thin]">
            {banners.map((event) => (
              <EventBannerCard key={event.id} event={event} />
            ))}
          </ul>
        </section>
      )}
      <CategoryNav
        label="城市"
        current={city}
        tabs={[
          { key: 'all', label: '全部城市', to: eventsHref({ city: 'all', month, tab }) },
          ...cities.map((c) => ({ key: c.slug, label: c.name, to: eventsHref({ city: c.slug, month, tab }) })),
        ]}
      />
      <section aria-label="活动列表" className="rounded bg-card">
        <nav aria-label="月份" className="border-line border-b px-4 py-3 sm:px-5">
          <ul className="flex gap-2 overflow-x-auto [scrollbar-width:none]">
            <li>
              <Link
                to={eventsHref({ city, tab })}
                aria-current={month === '' ? 'true' : undefined}
                className={chip(month === '')}
              >
                全部月份
              </Link>
            </li>
            {months.map((m) => (
              <li key={m.month}>
                <Link
                  to={eventsHref({ city, month: m.month, tab })}
                  aria-current={m.month === month ? 'true' : undefined}
                  className={chip(m.month === month)}
                >
                  {monthLabel(m.month)}
                  <span className="text-fg-3">{m.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-4 border-line border-b px-4 py-3 text-sm sm:px-5">
          {tabs.map((t) => (
            <Link
              key={t.key}
              to={eventsHref({ city, month, tab: t.key })}
              aria-current={tab === t.key ? 'true' : undefined}
              className={tab === t.key ? 'font-medium text-brand' : 'text-fg-2 hover:text-brand'}
            >
              {t.label}
            </Link>
          ))}
          <span className="text-[13px] text-fg-3">
            {cityName}
            {month ? ` · ${monthLabel(month)}` : ''} 共 {total} 场
          </span>
        </div>
        {events.length === 0 ? (
          <EmptyState
            text={tab === 'coming' ? '这里暂时没有即将开始的活动' : '这里还没有往期活动'}
            action={
              tab === 'coming' ? (
                <Link to={eventsHref({ city, month, tab: 'past' })} className="text-brand">
                  看看往期活动
                </Link>
              ) : undefined
            }
          />
        ) : (
          <ul>
            {events.map((event) => (
              <EventCard key={event.id} event={event} now={now} />
            ))}
          </ul>
        )}
        <Pagination page={page} pageCount={pageCount} hrefOf={(n) => eventsHref({ city, month, tab, page: n })} />
      </section>
    </PageContainer>
  );
}
