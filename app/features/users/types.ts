export type { UserProfile, ActivityItem } from '@server/modules/profiles/profiles.service.ts';
export type { FollowUser } from '@server/modules/follows/follows.service.ts';

/** The profile tabs of SPEC §2.3 and the URL segment each one lives at (/user/{id}/{type}). */
export const PROFILE_TABS = [
  { type: 'activities', label: '动态' },
  { type: 'posts', label: '文章' },
  { type: 'shares', label: '分享' },
  { type: 'likes', label: '赞' },
  { type: 'collections', label: '收藏集' },
  { type: 'tags', label: '关注标签' },
  { type: 'following', label: '关注了' },
  { type: 'followers', label: '关注者' },
  { type: 'books', label: '小册' },
] as const;

export type ProfileTab = (typeof PROFILE_TABS)[number]['type'];

export function isProfileTab(value: string): value is ProfileTab {
  return PROFILE_TABS.some((t) => t.type === value);
}
