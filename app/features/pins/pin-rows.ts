import type { PinView } from '@server/modules/pins/pins.service.ts';

/**
 * What a pin card shows, and all the pins page's loader sends of a pin (issue 10 goal 5: no
 * loader data the page does not show): the author's name, avatar, job and company, not the whole
 * brief with its counters and self-description. The JSON API keeps the whole PinView.
 */
export type PinRowView = Omit<PinView, 'user' | 'updatedAt'> & {
  user: Pick<PinView['user'], 'id' | 'username' | 'avatarLarge' | 'jobTitle' | 'company'>;
};

export function toPinRow(pin: PinView): PinRowView {
  const { id, username, avatarLarge, jobTitle, company } = pin.user;
  return {
    id: pin.id,
    user: { id, username, avatarLarge, jobTitle, company },
    content: pin.content,
    imageUrlList: pin.imageUrlList,
    liked: pin.liked,
    likeCount: pin.likeCount,
    commentCount: pin.commentCount,
    createdAt: pin.createdAt,
  };
}
