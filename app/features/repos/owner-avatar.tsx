import { safeImageUrl } from '@core/user-urls.ts';
import { Avatar } from '~/ui/avatar.tsx';

/** A repo owner's avatar from the code host, or the palette placeholder with their first letter. */
export function OwnerAvatar({ owner, size }: { owner: { username: string; avatar: string }; size: number }) {
  return (
    <Avatar
      user={{ id: owner.username, username: owner.username, avatarLarge: safeImageUrl(owner.avatar) }}
      size={size}
    />
  );
}
