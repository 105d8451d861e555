import { Link } from 'react-router';
import { useFeatureSlots } from '~/lib/feature-slots.tsx';
import { Avatar } from '~/ui/avatar.tsx';
import { buttonClass } from '~/ui/button.tsx';
import { FollowButton } from './follow-button.tsx';
import { MuteButton } from './mute-button.tsx';
import type { UserProfile } from './types.ts';

/** The profile's header card (DESIGN.md: avatar 90px, name, job · company, self description). */
export function ProfileHeader({
  profile,
  onFollowChange,
}: {
  profile: UserProfile;
  onFollowChange: (followed: boolean) => void;
}) {
  const { ReportButton } = useFeatureSlots();
  const role = [profile.jobTitle, profile.company].filter(Boolean).join(' · ');
  return (
    <section aria-label="个人信息" className="flex flex-col gap-4 rounded bg-card p-6 sm:flex-row sm:items-start">
      <Avatar user={profile} size={90} />
      <div className="min-w-0 flex-1">
        <h1 className="font-bold text-[22px] text-fg">{profile.username}</h1>
        {role && <p className="mt-1 text-fg-2 text-sm">{role}</p>}
        {profile.selfDescription && <p className="mt-1 text-fg-2 text-sm">{profile.selfDescription}</p>}
        {profile.blogAddress && (
          <p className="mt-1 text-sm">
            <a
              href={profile.blogAddress}
              rel="nofollow noopener"
              target="_blank"
              className="text-brand hover:underline"
            >
              {profile.blogAddress}
            </a>
          </p>
        )}
      </div>
      <div className="flex items-center gap-2 sm:flex-col sm:items-end">
        {profile.self ? (
          <Link to="/user/settings/profile" className={buttonClass('secondary')}>
            编辑个人资料
          </Link>
        ) : (
          <>
            <FollowButton
              userId={profile.id}
              username={profile.username}
              followed={profile.followed}
              size="md"
              onChange={(followed) => onFollowChange(followed)}
            />
            <MuteButton targetType="user" targetId={profile.id} muted={profile.muted} />
            <ReportButton targetType="user" targetId={profile.id} />
          </>
        )}
      </div>
    </section>
  );
}

/** The stats sidebar: be-liked, be-read, follow counts, join date. */
export function ProfileAside({ profile, followerCount }: { profile: UserProfile; followerCount: number }) {
  return (
    <>
      <section aria-label="个人成就" className="rounded bg-card p-4">
        <h2 className="mb-3 border-line border-b pb-2 font-semibold text-fg">个人成就</h2>
        <ul className="space-y-2 text-fg-2 text-sm">
          <li>
            获得点赞{' '}
            <span className="font-medium text-fg" data-stat="be-liked">
              {profile.beLikedCount}
            </span>
          </li>
          <li>
            文章被阅读{' '}
            <span className="font-medium text-fg" data-stat="be-read">
              {profile.beReadCount}
            </span>
          </li>
        </ul>
      </section>
      <section aria-label="关注统计" className="grid grid-cols-2 rounded bg-card text-center">
        <Link to={`/user/${profile.id}/following`} className="border-line border-r p-4 hover:text-brand">
          <span className="block text-fg-2 text-sm">关注了</span>
          <span className="block font-semibold text-fg text-lg" data-stat="following">
            {profile.followingCount}
          </span>
        </Link>
        <Link to={`/user/${profile.id}/followers`} className="p-4 hover:text-brand">
          <span className="block text-fg-2 text-sm">关注者</span>
          <span className="block font-semibold text-fg text-lg" data-stat="followers">
            {followerCount}
          </span>
        </Link>
      </section>
      <ul className="space-y-2 rounded bg-card p-4 text-fg-2 text-sm">
        <li className="flex justify-between">
          <span>收藏集</span>
          <span>{profile.totalCollectionsCount}</span>
        </li>
        <li className="flex justify-between">
          <span>关注标签</span>
          <span>{profile.subscribedTagCount}</span>
        </li>
        <li className="flex justify-between">
          <span>加入于</span>
          <time dateTime={profile.createdAt}>{profile.createdAt.slice(0, 10)}</time>
        </li>
      </ul>
    </>
  );
}
