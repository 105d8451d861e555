import { ALL_CITIES, EVENT_CITIES, EVENT_PAGE_MAX, MONTH_PATTERN, cityOf, monthRange } from '@core/events.ts';
import { PAGE_SIZE } from '@core/constants.ts';
import { data, type AppLoadContext } from 'react-router';
import { countEventsByMonth, listBannerEvents, listEvents } from '@server/modules/events/events.service.ts';
import { readPage } from '~/lib/list-params.ts';
import { requireRoleIn } from '~/lib/route-guards.server.ts';

export type EventTab = 'coming' | 'past';

/**
 * /events/{city?}: `all` (the header's link) or a city slug; ?month=2026-11 (China time),
 * ?status=past for ended events, ?page=. An unknown city or month is the not-found view.
 */
export async function loadEventsPage(context: AppLoadContext, cityParam: string | undefined, url: URL) {
  const city = cityParam === undefined || cityParam === ALL_CITIES ? undefined : cityOf(cityParam);
  if (cityParam !== undefined && cityParam !== ALL_CITIES && (!city || city.slug !== cityParam)) {
    throw data({ message: '找不到页面' }, { status: 404 });
  }
  const month = url.searchParams.get('month') ?? '';
  if (month !== '' && (!MONTH_PATTERN.test(month) || !monthRange(month))) {
    throw data({ message: '找不到页面' }, { status: 404 });
  }
  const tab: EventTab = url.searchParams.get('status') === 'past' ? 'past' : 'coming';
  const page = readPage(url, EVENT_PAGE_MAX);
  const cityName = city?.name;
  const [banners, months, list] = await Promise.all([
    listBannerEvents(context, { city: cityName }),
    countEventsByMonth(context, { city: cityName }),
    listEvents(context, {
      options: {
        city: cityName,
        month: month || undefined,
        status: tab,
        pageNum: page,
        pageSize: PAGE_SIZE.events,
      },
    }),
  ]);
  return {
    city: city?.slug ?? ALL_CITIES,
    cityName: city?.name ?? '全部城市',
    cities: EVENT_CITIES.map(({ slug, name }) => ({ slug, name })),
    month,
    tab,
    page,
    pageCount: Math.min(EVENT_PAGE_MAX, Math.max(1, Math.ceil(list.total / PAGE_SIZE.events))),
    total: list.total,
    events: list.eventList,
    banners,
    months: months.monthList,
  };
}

/** /admin/events: every city's events, coming or past (?status=past), 20 a page; administrators only. */
export async function loadAdminEvents(context: AppLoadContext, url: URL) {
  requireRoleIn(context, ['admin']);
  const tab: EventTab = url.searchParams.get('status') === 'past' ? 'past' : 'coming';
  const page = readPage(url, EVENT_PAGE_MAX);
  const list = await listEvents(context, { options: { status: tab, pageNum: page, pageSize: PAGE_SIZE.events } });
  return {
    tab,
    page,
    pageCount: Math.min(EVENT_PAGE_MAX, Math.max(1, Math.ceil(list.total / PAGE_SIZE.events))),
    total: list.total,
    events: list.eventList,
    cities: EVENT_CITIES.map((c) => c.name),
  };
}
