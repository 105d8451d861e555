import { commentPreview } from '@core/comment-preview.ts';
import { isGuestId } from '@core/ids.ts';
import { formatDateTime, formatRelativeTime } from '@core/format.ts';
import type { ReactNode } from 'react';
import { CommentText } from '~/ui/comment-text.tsx';
import { Avatar } from '~/ui/avatar.tsx';
import type { PinRowView } from './pin-rows.ts';

/** The key of a pin card's body among the HTML the document's loaders kept (pin-rows.server.tsx). */
export function pinBodyKey(id: string): string {
  return `pin-body:${id}`;
}

/**
 * A pin card's author, text and pictures (pin-card.tsx): what a list of pins repeats twenty times,
 * so it is styled by place under .pc-body (app/app.css), and it is plain markup, no hooks and no
 * router, so that the server can render it apart (pin-rows.server.tsx) and the pins page sends
 * it once, as HTML, and not again in its hydration data. Its links are plain anchors with the
 * attributes React Router's <Link> renders; the card follows them in the app (pin-card.tsx). A text
 * long enough for a preview with 展开 is the one part that needs React (CommentText): such a pin
 * is never sent as HTML.
 */
export function PinBody({ pin }: { pin: PinRowView }) {
  const placeholder = isGuestId(pin.user.id);
  const profile = `/user/${pin.user.id}`;
  const job = [pin.user.jobTitle, pin.user.company].filter(Boolean).join(' · ');
  const avatarLink = (
    <HiddenLink href={profile}>
      {pin.user.avatarLarge ? (
        <img src={pin.user.avatarLarge} alt={pin.user.username} width={40} height={40} loading="lazy" />
      ) : (
        <Avatar user={pin.user} size={40} />
      )}
    </HiddenLink>
  );
  return (
    <>
      <header>
        {placeholder ? <Avatar user={pin.user} size={40} /> : avatarLink}
        <div>
          {placeholder ? <span>{pin.user.username}</span> : <a href={profile}>{pin.user.username}</a>}
          <p>
            {job ? `${job} · ` : ''}
            <a href={`/pin/${pin.id}`} data-discover="true">
              <time dateTime={pin.createdAt} title={formatDateTime(pin.createdAt)} suppressHydrationWarning>
                {formatRelativeTime(pin.createdAt)}
              </time>
            </a>
          </p>
        </div>
      </header>
      <PinText text={pin.content} />
      {pin.imageUrlList.length > 0 && (
        <ul aria-label="沸点图片">
          {pin.imageUrlList.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener">
                <img src={url} alt={`沸点图片 ${i + 1}`} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The avatar's link: it repeats the name's link beside it, so it is out of the tab order and hidden from screen readers. */
function HiddenLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} {...hidden}>
      {children}
    </a>
  );
}

const hidden = { tabIndex: -1, 'aria-hidden': true } as const;

/** The text: a paragraph, or CommentText's preview with 展开 when it is long. */
function PinText({ text }: { text: string }) {
  if (hasPreview(text)) return <CommentText text={text} />;
  return <p>{text}</p>;
}

/** Whether a pin's text is cut to a preview with 展开 (CommentText, SPEC §5). */
export function hasPreview(text: string): boolean {
  return commentPreview(text) !== null;
}
