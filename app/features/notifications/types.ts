import type { NotificationGroup, SystemNotice } from '@server/modules/notifications/notifications.service.ts';

/**
 * A notification group as the API and loaders give it (the service's NotificationGroup), read
 * by the UI for the actors' names and avatars only.
 */
export type NotificationGroupView = Omit<NotificationGroup, 'userList' | 'tagList'> & {
  userList: Array<Pick<NotificationGroup['userList'][number], 'id' | 'username' | 'avatarLarge'>>;
};

export type SystemNoticeView = SystemNotice;
