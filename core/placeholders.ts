import { GUEST_ID } from './ids.ts';

/**
 * What stands for content that is gone (SPEC §3): an entry without its row is 未知文章 with the
 * text 此文章不存在, a person 未知用户 / 此用户不存在, and so on for collections, pins and
 * comments. Their id is the guest id, 24 zeros, which nothing real has (isGuestId): pages show
 * these without a link.
 */
export const PLACEHOLDERS = {
  entry: { id: GUEST_ID, title: '未知文章', content: '此文章不存在' },
  user: { id: GUEST_ID, username: '未知用户', selfDescription: '此用户不存在' },
  collection: { id: GUEST_ID, title: '未知收藏集', description: '此收藏集不存在' },
  pin: { id: GUEST_ID, content: '此沸点不存在' },
  comment: { id: GUEST_ID, content: '此评论不存在' },
} as const;
