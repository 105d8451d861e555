import { linkOutHref } from '~/lib/links.ts';

/** An event's own page: a path of this site as it is, anything else through the link-out page. */
export function eventHref(url: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return linkOutHref(url);
}

/** /events/{city}?month=&status=&page=, leaving out what is the default. */
export function eventsHref(next: { city: string; month?: string; tab?: 'coming' | 'past'; page?: number }): string {
  const query = new URLSearchParams();
  if (next.month) query.set('month', next.month);
  if (next.tab === 'past') query.set('status', 'past');
  if (next.page && next.page > 1) query.set('page', String(next.page));
  const text = query.toString();
  return `/events/${next.city}${text ? `?${text}` : ''}`;
}
