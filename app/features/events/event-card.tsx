import { eventPhase, formatEventWindow } from '@core/events.ts';
import type { EventView } from '@server/modules/events/events.service.ts';
import { CalendarDays, MapPin } from '~/ui/icons.tsx';
import { eventHref } from './event-links.ts';

/** What a card shows of an event (the service's EventView). */
export type EventCardData = Pick<
  EventView,
  'id' | 'title' | 'city' | 'address' | 'url' | 'screenshot' | 'startedAt' | 'endedAt'
>;

const PHASE_LABEL = { coming: '报名中', ongoing: '进行中', past: '已结束' } as const;
const PHASE_CLASS = {
  coming: 'bg-brand-tint text-brand',
  ongoing: 'bg-[#e8f7ee] text-[#1f9d55] dark:bg-[#16301f] dark:text-[#5fd08c]',
  past: 'bg-page text-fg-3',
} as const;

/** One event: cover, title, time window (China time), city and place, its state and its link. */
export function EventCard({ event, now }: { event: EventCardData; now: number }) {
  const phase = eventPhase(event, now);
  const href = eventHref(event.url);
  return (
    <li className="flex gap-4 border-line border-b px-4 py-4 last:border-b-0 sm:px-5">
      <div className="hidden shrink-0 sm:block">
        {event.screenshot ? (
          <img
            src={event.screenshot}
            alt=""
            width={192}
            height={108}
            loading="lazy"
            className={`h-[108px] w-[192px] rounded object-cover ${phase === 'past' ? 'opacity-70' : ''}`}
          />
        ) : (
          <span className="flex h-[108px] w-[192px] items-center justify-center rounded bg-page text-fg-3">
            {event.city}
          </span>
        )}
      </div>
      <article className="flex min-w-0 flex-1 flex-col gap-2" aria-label={event.title}>
        <div className="flex items-start gap-2">
          <h3 className="min-w-0 flex-1 font-medium text-[16px] text-fg leading-6">
            <a href={href} className="hover:text-brand">
              {event.title}
            </a>
          </h3>
          <span className={`shrink-0 rounded px-2 py-0.5 text-[12px] ${PHASE_CLASS[phase]}`}>{PHASE_LABEL[phase]}</span>
        </div>
        <p className="flex items-center gap-1.5 text-[13px] text-fg-2">
          <CalendarDays aria-hidden size={14} strokeWidth={1.75} />
          <time dateTime={event.startedAt}>{formatEventWindow(event.startedAt, event.endedAt)}</time>
        </p>
        <p className="flex items-center gap-1.5 text-[13px] text-fg-2">
          <MapPin aria-hidden size={14} strokeWidth={1.75} />
          <span>
            {event.city} · {event.address}
          </span>
        </p>
      </article>
    </li>
  );
}

/** A banner event: a cover card in the strip above the list. */
export function EventBannerCard({ event }: { event: EventCardData }) {
  return (
    <li className="w-[260px] shrink-0">
      <a href={eventHref(event.url)} className="group block overflow-hidden rounded bg-card">
        {event.screenshot ? (
          <img src={event.screenshot} alt="" width={260} height={146} className="h-[146px] w-[260px] object-cover" />
        ) : (
          <span className="flex h-[146px] w-[260px] items-center justify-center bg-page text-fg-3">{event.city}</span>
        )}
        <span className="block px-3 py-2">
          <span className="block truncate font-medium text-fg group-hover:text-brand">{event.title}</span>
          <span className="mt-1 block truncate text-[12px] text-fg-3">
            {event.city} · {formatEventWindow(event.startedAt, event.endedAt)}
          </span>
        </span>
      </a>
    </li>
  );
}
