/** A notification group as the API and loaders give it (server/modules/notifications). */
export interface NotificationGroupView {
  id: string;
  type:
    | 'follow'
    | 'like_entry'
    | 'comment_entry'
    | 'like_pin'
    | 'comment_pin'
    | 'like_comment'
    | 'reply'
    | 'follow_collection'
    | 'collect_entry';
  userList: Array<{ id: string; username: string; avatarLarge: string }>;
  count: number;
  entry: { id: string; title: string; type: string } | null;
  pin: { id: string; content: string } | null;
  comment: { id: string; content: string } | null;
  reply: { id: string; content: string } | null;
  collection: { id: string; title: string } | null;
  repo: { id: string; name: string } | null;
  read: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface SystemNoticeView {
  id: string;
  type: 'system';
  check: boolean;
  content: string;
  createdAt: string;
}
