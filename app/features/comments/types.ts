import type { CommentView } from '@server/modules/comments/comments.service.ts';

export type { CommentView };

export type CommentTargetType = 'entry' | 'pin' | 'repo' | 'section';

export interface CommentPage {
  count: number;
  comments: CommentView[];
  createdAt: string | null;
  lastId: string | null;
  hasMore: boolean;
}
