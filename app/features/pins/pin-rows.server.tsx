import type { PinView } from '@server/modules/pins/pins.service.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AppLoadContext } from 'react-router';
import { keepForDocument } from '~/lib/document-html.server.ts';
import { hasPreview, PinBody, pinBodyKey } from './pin-body.tsx';
import { type PinCardView, pinShareImage, toPinRow } from './pin-rows.ts';

/**
 * A page of pins for the pins page's list (the feed rows' move, app/features/entries/feed-rows.server.tsx):
 * each card's body (author, text, pictures) as the server's HTML, kept beside the request for a
 * document (its text is then in the page once, not also in the hydration data) or in the loader
 * data for a data request, with only what the card's actions need beside it. A pin whose text is
 * long enough for 展开 is sent whole and rendered by React, as before.
 */
export function pinRows(context: AppLoadContext, pins: PinView[]): PinCardView[] {
  return pins.map((pin) => {
    const row = toPinRow(pin);
    if (hasPreview(pin.content)) return row;
    const html = renderToStaticMarkup(<PinBody pin={row} />);
    if (!context.dataRequest) keepForDocument(context, pinBodyKey(pin.id), html);
    const shareImage = pinShareImage(pin.imageUrlList);
    return {
      id: pin.id,
      user: { id: pin.user.id, username: pin.user.username },
      liked: pin.liked,
      likeCount: pin.likeCount,
      commentCount: pin.commentCount,
      html: context.dataRequest ? html : null,
      ...(shareImage ? { shareImage } : {}),
    };
  });
}
