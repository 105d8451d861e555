import { data, redirect, type AppLoadContext } from 'react-router';
import { withRows } from '~/lib/entry-rows.ts';
import { readPointer } from '~/lib/list-params.ts';
import { fromService, requireIdParam } from '~/lib/route-guards.server.ts';
import { listFollows } from '@server/modules/follows/follows.service.ts';
import { listLikedEntries } from '@server/modules/likes/likes.service.ts';
import {
  getUserProfile,
  listBoughtBooks,
  listUserBooks,
  listUserCollections,
  listUserEntries,
  listUserLog,
  listUserTags,
} from '@server/modules/profiles/profiles.service.ts';
import { isProfileTab, PROFILE_TAB_ALIASES, type ProfileTab, profileTabPath } from './types.ts';

/**
 * /user/{id}/{type?}: the profile and the page of its tab (SPEC §2.3). The spec's tab names
 * redirect to ours; an unknown tab or person is the not-found view. Profile and tab load side by
 * side; when both fail, the profile's answer (404 for an unknown person) wins.
 */
export async function loadProfilePage(context: AppLoadContext, params: { id?: string; type?: string }, url: URL) {
  const id = requireIdParam(params.id);
  const type = params.type ?? 'activities';
  const alias = Object.hasOwn(PROFILE_TAB_ALIASES, type) ? PROFILE_TAB_ALIASES[type] : undefined;
  if (alias) {
    const query = new URLSearchParams(url.search);
    for (const [key, value] of new URLSearchParams(alias.query ?? '')) query.set(key, value);
    throw redirect(profileTabPath(id, alias.type, query.toString()), 301);
  }
  if (!isProfileTab(type)) throw data({ message: '找不到页面' }, { status: 404 });
  const [profile, tab] = await Promise.allSettled([
    fromService(getUserProfile(context, id)),
    fromService(loadTab(context, id, type, url)),
  ]);
  if (profile.status === 'rejected') throw profile.reason;
  if (tab.status === 'rejected') throw tab.reason;
  return { profile: profile.value, type, tab: tab.value };
}

/** One page of a profile tab, `?before=` the pointer of the last. */
async function loadTab(context: AppLoadContext, id: string, type: ProfileTab, url: URL) {
  const { db, viewer } = context;
  const before = readPointer(url, 'before');
  switch (type) {
    case 'activities':
      return { kind: 'activity' as const, ...(await listUserLog(context, { uid: id, before })) };
    case 'posts':
    case 'shares':
      return {
        kind: 'entries' as const,
        ...withRows(await listUserEntries(context, { uid: id, before, kind: type === 'posts' ? 'article' : 'share' })),
      };
    case 'likes':
      return { kind: 'entries' as const, ...withRows(await listLikedEntries({ db }, { userId: id, before, viewer })) };
    case 'collections': {
      const sub = url.searchParams.get('sub') === 'followed' ? ('followed' as const) : ('created' as const);
      return {
        kind: 'collections' as const,
        sub,
        ...(await listUserCollections(context, { uid: id, before, kind: sub })),
      };
    }
    case 'tags':
      return { kind: 'tags' as const, ...(await listUserTags(context, { uid: id, before })) };
    case 'following':
    case 'followers':
      return {
        kind: 'users' as const,
        ...(await listFollows(
          { db, viewer },
          {
            uid: id,
            before,
            direction: type === 'followers' ? 'followers' : 'followees',
          },
        )),
      };
    case 'books': {
      if (url.searchParams.get('type') === 'bought') {
        const bought = await listBoughtBooks(context, id);
        return {
          kind: 'books' as const,
          bought: true,
          books: bought.books.map((b) => ({ id: b.id, title: b.title, at: b.boughtAt })),
        };
      }
      const written = await listUserBooks(context, id);
      return {
        kind: 'books' as const,
        bought: false,
        books: written.books.map((b) => ({ id: b.id, title: b.title, at: b.createdAt })),
      };
    }
  }
}
