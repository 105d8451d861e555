import { formatCount } from '@core/format.ts';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { EntryFeed } from '~/features/entries/entry-feed.tsx';
import { listRows } from '~/features/entries/feed-rows.server.tsx';
import { ActivityList } from '~/features/users/activity-list.tsx';
import { ProfileAside, ProfileHeader } from '~/features/users/profile-header.tsx';
import { loadProfilePage } from '~/features/users/profile.server.ts';
import { PROFILE_TABS, type ProfileTab, profileTabPath } from '~/features/users/types.ts';
import { UserRow } from '~/features/users/user-row.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { PageContainer, WithAside } from '~/ui/page-layout.tsx';
import type { Route } from './+types/user';

/** /user/{id}/{type?}: the profile with its tabs (SPEC §2.3). Unknown people get the not-found view. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { tab, ...page } = await loadProfilePage(context, params, new URL(request.url));
  if (tab.kind !== 'entries') return { ...page, tab };
  // The rows as HTML, sent once (the feed rows' way): the document's are not in its hydration data.
  const { entrylist, ...list } = tab;
  return { ...page, tab: { ...list, rows: listRows(context, entrylist) } };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data ? `${data.profile.username} 的个人主页` : null, data?.profile.selfDescription || undefined);

function NextPage({ pointer }: { pointer: string | null }) {
  const location = useLocation();
  if (!pointer) return null;
  const params = new URLSearchParams(location.search);
  params.set('before', pointer);
  return (
    <div className="border-line border-t py-3 text-center">
      <Link to={`${location.pathname}?${params}`} className="text-brand text-sm hover:underline">
        下一页
      </Link>
    </div>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="py-12 text-center text-fg-3 text-sm">{text}</p>;
}

export default function UserProfilePage({ loaderData }: Route.ComponentProps) {
  const { profile, type, tab } = loaderData;
  const { search } = useLocation();
  const [followerCount, setFollowerCount] = useState(profile.followerCount);
  const [shownFor, setShownFor] = useState(profile.id);
  if (shownFor !== profile.id) {
    setShownFor(profile.id);
    setFollowerCount(profile.followerCount);
  }
  const ta = profile.self ? '我' : 'TA';
  // 小册 is the authors' tab (SPEC §6); 已购 is one's own purchases.
  const tabs = PROFILE_TABS.filter((t) => t.type !== 'books' || profile.isXiaoceAuthor);
  const bought = tab.kind === 'books' && tab.bought;
  const count: Partial<Record<ProfileTab, number>> = {
    likes: profile.likedEntriesCount,
    collections: profile.totalCollectionsCount,
    tags: profile.subscribedTagCount,
    following: profile.followingCount,
    followers: followerCount,
    books: profile.wroteBookCount,
  };

  return (
    <PageContainer>
      <WithAside asideLabel="个人统计" aside={<ProfileAside profile={profile} followerCount={followerCount} />}>
        <ProfileHeader
          profile={profile}
          onFollowChange={(followed) => setFollowerCount((n) => Math.max(0, n + (followed ? 1 : -1)))}
        />
        <div className="mt-4 rounded bg-card">
          <nav aria-label="个人主页分类" className="flex gap-5 overflow-x-auto border-line border-b px-5 pt-3">
            {tabs.map((t) => {
              const current = t.type === type && !bought;
              return (
                <Link
                  key={t.type}
                  to={profileTabPath(profile.id, t.type)}
                  aria-current={current ? 'page' : undefined}
                  className={`shrink-0 border-b-2 pb-2 text-sm ${current ? 'border-brand font-medium text-brand' : 'border-transparent text-fg-2 hover:text-brand'}`}
                >
                  {t.label}
                  {count[t.type] !== undefined && (
                    <span className="ml-1 text-fg-3">{formatCount(count[t.type] ?? 0)}</span>
                  )}
                </Link>
              );
            })}
            {profile.self && (
              <Link
                to={profileTabPath(profile.id, 'books', 'type=bought')}
                aria-current={bought ? 'page' : undefined}
                className={`shrink-0 border-b-2 pb-2 text-sm ${bought ? 'border-brand font-medium text-brand' : 'border-transparent text-fg-2 hover:text-brand'}`}
              >
                已购
                <span className="ml-1 text-fg-3">{formatCount(profile.boughtBookCount)}</span>
              </Link>
            )}
          </nav>
          <div>
            {tab.kind === 'activity' && (
              <>
                <ActivityList items={tab.list} username={profile.username} />
                <NextPage pointer={tab.pointer} />
              </>
            )}
            {tab.kind === 'entries' && (
              <>
                {/* One list a tab and page: the rows' HTML is set once when the list mounts. */}
                <EntryFeed
                  key={`${profile.id}:${type}:${search}`}
                  page={{ rows: tab.rows, pointer: null }}
                  listStats={false}
                  empty={
                    <Empty
                      text={
                        type === 'likes'
                          ? `${ta}还没有赞过文章`
                          : type === 'shares'
                            ? `${ta}还没有分享过链接`
                            : `${ta}还没有写过文章`
                      }
                    />
                  }
                />
                <NextPage pointer={tab.pointer} />
              </>
            )}
            {tab.kind === 'collections' && (
              <>
                <div className="flex gap-4 px-5 pt-3 text-sm" role="tablist" aria-label="收藏集分类">
                  <span className="text-fg-3">共 {profile.totalCollectionsCount} 个</span>
                  <Link
                    to={`/user/${profile.id}/collections`}
                    role="tab"
                    aria-selected={tab.sub === 'created'}
                    className={tab.sub === 'created' ? 'font-medium text-brand' : 'text-fg-2 hover:text-brand'}
                  >
                    创建的 {profile.collectionCount}
                  </Link>
                  <Link
                    to={`/user/${profile.id}/collections?sub=followed`}
                    role="tab"
                    aria-selected={tab.sub === 'followed'}
                    className={tab.sub === 'followed' ? 'font-medium text-brand' : 'text-fg-2 hover:text-brand'}
                  >
                    关注的 {profile.followedCollectionCount}
                  </Link>
                </div>
                {tab.collectionSets.length === 0 ? (
                  <Empty text={tab.sub === 'created' ? `${ta}还没有创建收藏集` : `${ta}还没有关注收藏集`} />
                ) : (
                  <ul className="divide-y divide-line" aria-label="收藏集列表">
                    {tab.collectionSets.map((c) => (
                      <li key={c.id} className="px-5 py-3">
                        <Link to={`/collection/${c.id}`} className="font-medium text-fg hover:text-brand">
                          {c.title}
                        </Link>
                        {c.description && <p className="mt-0.5 truncate text-fg-2 text-sm">{c.description}</p>}
                        <p className="mt-0.5 text-[13px] text-fg-3">
                          {c.entryCount} 篇文章 · {c.followerCount} 人关注
                          {c.author && tab.sub === 'followed' && ` · ${c.author.username}`}
                        </p>
                      </li>
                    ))}
                  </ul>
                )}
                <NextPage pointer={tab.pointer} />
              </>
            )}
            {tab.kind === 'tags' && (
              <>
                {tab.tagList.length === 0 ? (
                  <Empty text={`${ta}还没有关注标签`} />
                ) : (
                  <ul className="divide-y divide-line" aria-label="标签列表">
                    {tab.tagList.map((t) => (
                      <li key={t.id} className="flex items-center gap-3 px-5 py-3">
                        {t.icon && <img src={t.icon} alt="" className="size-8 rounded" loading="lazy" />}
                        <Link
                          to={`/tag/${encodeURIComponent(t.title)}`}
                          className="font-medium text-fg hover:text-brand"
                        >
                          {t.title}
                        </Link>
                        <span className="ml-auto text-[13px] text-fg-3">
                          {formatCount(t.subscribersCount)} 关注 · {formatCount(t.entriesCount)} 文章
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                <NextPage pointer={tab.pointer} />
              </>
            )}
            {tab.kind === 'users' && (
              <>
                {tab.list.length === 0 ? (
                  <Empty text={type === 'followers' ? `还没有人关注${ta}` : `${ta}还没有关注任何人`} />
                ) : (
                  <ul className="divide-y divide-line" aria-label={type === 'followers' ? '关注者列表' : '关注列表'}>
                    {tab.list.map((u) => (
                      <UserRow key={u.id} user={u} />
                    ))}
                  </ul>
                )}
                <NextPage pointer={tab.pointer} />
              </>
            )}
            {tab.kind === 'books' &&
              (tab.books.length === 0 ? (
                <Empty text={tab.bought ? '还没有购买小册' : `${ta}还没有写过小册`} />
              ) : (
                <ul className="divide-y divide-line" aria-label="小册列表">
                  {tab.books.map((b) => (
                    <li key={b.id} className="flex items-center px-5 py-3">
                      <Link to={`/book/${b.id}`} className="font-medium text-fg hover:text-brand">
                        {b.title}
                      </Link>
                      <time className="ml-auto text-[13px] text-fg-3" dateTime={b.at}>
                        {b.at.slice(0, 10)}
                      </time>
                    </li>
                  ))}
                </ul>
              ))}
          </div>
        </div>
      </WithAside>
    </PageContainer>
  );
}
