export type { UserProfile, ActivityItem } from '@server/modules/profiles/profiles.service.ts';
export type { FollowUser } from '@server/modules/follows/follows.service.ts';

/**
 * The profile tabs of SPEC §2.3 and the URL segment each one lives at (/user/{id}/{type}); the
 * plural segments are the links' own (route name user: likes, books, collections), and purchases
 * are /user/{id}/books?type=bought.
 */
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

/**
 * The spec's names of the tabs (article, share, like, collection, tag, follower, following,
 * activity, bought, book) → where each lives: /user/{id}/{name} answers a permanent redirect there.
 */
export const PROFILE_TAB_ALIASES: Readonly<Record<string, { type: ProfileTab; query?: string }>> = {
  activity: { type: 'activities' },
  article: { type: 'posts' },
  share: { type: 'shares' },
  like: { type: 'likes' },
  collection: { type: 'collections' },
  tag: { type: 'tags' },
  follower: { type: 'followers' },
  book: { type: 'books' },
  bought: { type: 'books', query: 'type=bought' },
};

/** A profile tab's path: the activities tab is the bare profile. */
export function profileTabPath(userId: string, type: ProfileTab, query?: string): string {
  const path = type === 'activities' ? `/user/${userId}` : `/user/${userId}/${type}`;
  return query ? `${path}?${query}` : path;
}

export type ProfileTab = (typeof PROFILE_TABS)[number]['type'];

export function isProfileTab(value: string): value is ProfileTab {
  return PROFILE_TABS.some((t) => t.type === value);
}
