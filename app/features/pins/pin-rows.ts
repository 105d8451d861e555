import type { PinView } from '@server/modules/pins/pins.service.ts';

/**
 * What a pin card shows (issue 10 goal 5: no loader data the page does not show): the author's
 * name, avatar, job and company, not the whole brief with its counters and self-description. The
 * JSON API keeps the whole PinView.
 */
export type PinRowView = Omit<PinView, 'user' | 'updatedAt'> & {
  user: Pick<PinView['user'], 'id' | 'username' | 'avatarLarge' | 'jobTitle' | 'company'>;
};

/**
 * A pin whose card body (author, text, pictures: pin-body.tsx) the server rendered
 * (pin-rows.server.tsx): all the pins page's loader sends of it beside that HTML is what the card's
 * actions need. `html` is the body for a data request (a client navigation); null for a document,
 * which brings the body once, in its markup, and not again in its hydration data.
 */
export interface PinRowRef {
  id: string;
  user: Pick<PinView['user'], 'id' | 'username'>;
  liked: boolean;
  likeCount: number;
  commentCount: number;
  html: string | null;
  /** The first picture with an absolute URL, for the share card. */
  shareImage?: string;
}

/** A card of a pin list: rendered from its fields, or from the server's HTML of its body. */
export type PinCardView = PinRowView | PinRowRef;

export function isPinRowRef(pin: PinCardView): pin is PinRowRef {
  return 'html' in pin;
}

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

/** The share card's picture: the first with an absolute URL (WeChat needs one). */
export function pinShareImage(imageUrlList: string[]): string | undefined {
  return imageUrlList.find((url) => /^https?:\/\//.test(url));
}
