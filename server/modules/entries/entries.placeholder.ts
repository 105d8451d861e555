import { GUEST_ID } from '@core/ids.ts';
import { PLACEHOLDER_USER } from '../users/users.service.ts';

/**
 * The entry that stands for a missing one (SPEC §3): titled 未知文章 with content 此文章不存在,
 * by the placeholder user, id of 24 zeros. For answers that name an entry which has since been
 * deleted (notifications, activity); the entry calls themselves answer 404 with its content text.
 */
export const PLACEHOLDER_ENTRY = {
  id: GUEST_ID,
  type: 'article' as const,
  title: '未知文章',
  content: '此文章不存在',
  abstract: '此文章不存在',
  originalUrl: '',
  screenshot: '',
  user: PLACEHOLDER_USER,
  tags: [],
  liked: false,
  likeCount: 0,
  commentCount: 0,
  viewCount: 0,
  collectionCount: 0,
  hot: false,
};
