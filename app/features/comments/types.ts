export type { CommentView } from '../../../server/modules/comments/comments.service.ts';

export type CommentTargetType = 'entry' | 'pin' | 'repo' | 'section';

export interface CommentPage {
  count: number;
  comments: import('../../../server/modules/comments/comments.service.ts').CommentView[];
  createdAt: string | null;
  lastId: string | null;
  hasMore: boolean;
}
