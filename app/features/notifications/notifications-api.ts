import { apiFetch } from '~/lib/api-client.ts';
import type { UnreadCounts } from '~/lib/unread-count.ts';
import type { NotificationGroupView, SystemNoticeView } from './types.ts';

const BASE = '/api/notification';

export function fetchUserNotifications(before: string) {
  return apiFetch<{ list: NotificationGroupView[]; pointer: string | null }>(
    `${BASE}/getUserNotification?before=${encodeURIComponent(before)}`,
  );
}

export function fetchSystemNotifications(pointer: string) {
  return apiFetch<{ list: SystemNoticeView[]; pointer: string | null }>(
    `${BASE}/getSystemNotification?pointer=${encodeURIComponent(pointer)}`,
  );
}

/** Read-all for the user list; answers the new unread counts. */
export function readAllUser() {
  return apiFetch<UnreadCounts>(`${BASE}/setUserNotificationNum`);
}

/** Read-all for the system list; answers the new unread counts. */
export function readAllSystem() {
  return apiFetch<UnreadCounts>(`${BASE}/checkAllSystemNotification`);
}

export function sendSystemNotice(input: { content: string; userId?: string; tagTitle?: string }) {
  return apiFetch<{ sent: number }>(`${BASE}/sendSystemNotification`, { method: 'POST', json: input });
}
