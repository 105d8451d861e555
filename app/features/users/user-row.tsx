import { Link } from 'react-router';
import { Avatar } from '~/ui/avatar.tsx';
import { FollowButton } from './follow-button.tsx';
import type { FollowUser } from './types.ts';

/** A person in follower / following lists and suggestions, with a follow button. */
export function UserRow({ user, onFollowChange }: { user: FollowUser; onFollowChange?: (followed: boolean) => void }) {
  const role = [user.jobTitle, user.company].filter(Boolean).join(' · ');
  return (
    <li className="flex items-center gap-3 px-5 py-3">
      <Link to={`/user/${user.id}`} tabIndex={-1} aria-hidden="true">
        <Avatar user={user} size={44} />
      </Link>
      <div className="min-w-0 flex-1">
        <Link to={`/user/${user.id}`} className="font-medium text-fg hover:text-brand">
          {user.username}
        </Link>
        {role && <p className="truncate text-[13px] text-fg-3">{role}</p>}
        {user.selfDescription && <p className="truncate text-[13px] text-fg-2">{user.selfDescription}</p>}
      </div>
      <FollowButton
        userId={user.id}
        username={user.username}
        followed={user.isFollow}
        onChange={(followed) => onFollowChange?.(followed)}
      />
    </li>
  );
}
