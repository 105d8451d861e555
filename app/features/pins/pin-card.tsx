import { isGuestId } from '@core/ids.ts';
import { formatCount, truncate } from '@core/format.ts';
import { Trash2 } from '~/ui/icons.tsx';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDocumentHtml } from '~/lib/document-html.ts';
import { followLinkInApp } from '~/lib/follow-link.ts';
import { useAlerts } from '~/lib/alerts.ts';
import { useFeatureSlots } from '~/lib/feature-slots.tsx';
import { apiFetch } from '~/lib/api-client.ts';
import { useRequireLogin } from '~/lib/auth-modal.ts';
import { useViewer } from '~/lib/root-data.ts';
import { PinBody, pinBodyKey } from './pin-body.tsx';
import { isPinRowRef, type PinCardView, type PinRowView, pinShareImage } from './pin-rows.ts';
import { pinShareText } from './share.ts';
import { canDelete as canDeletePin } from '@server/modules/pins/pins.policy.ts';

const icon = { size: 16, strokeWidth: 1.75, 'aria-hidden': true } as const;

export interface PinCardProps {
  pin: PinCardView;
  /** The pin page shows its comments open. */
  commentsOpen?: boolean;
  onDeleted?: (id: string) => void;
}

/**
 * The bodies of cards that came as the document's markup, by pin id: a pin published on the pins
 * page mounts the list again (routes/pins.tsx), and those cards have no HTML of their own then.
 */
const seenBodies = new Map<string, string>();

/** One pin (沸点): author, text, images (pin-body.tsx), and like / comment / share / 举报 (others' pins). */
export function PinCard({ pin, commentsOpen = false, onDeleted }: PinCardProps) {
  const { CommentSection, ShareButton, ReportButton } = useFeatureSlots();
  const viewer = useViewer();
  const requireLogin = useRequireLogin();
  const alerts = useAlerts();
  const [liked, setLiked] = useState(pin.liked);
  const [likeCount, setLikeCount] = useState(pin.likeCount);
  const [commentCount, setCommentCount] = useState(pin.commentCount);
  const [open, setOpen] = useState(commentsOpen);
  const placeholder = isGuestId(pin.user.id);
  const canDelete = canDeletePin(viewer, { userId: pin.user.id });
  const navigate = useNavigate();
  const body = useRef<HTMLDivElement>(null);
  const documentBody = useDocumentHtml(pinBodyKey(pin.id));
  // A body sent as HTML, set once: the loader data's (a client navigation), the document's (server
  // render), the one this card showed before the list was mounted again (a pin published above
  // it), or none while hydrating, when the card keeps the markup the document brought.
  const [bodyHtml] = useState(() =>
    isPinRowRef(pin) ? (pin.html ?? documentBody ?? seenBodies.get(pin.id) ?? '') : null,
  );
  // The text for 分享: the loader data's, or the body's paragraph (the same text) once mounted.
  const [content, setContent] = useState(isPinRowRef(pin) ? '' : pin.content);
  useEffect(() => {
    if (!body.current) return;
    seenBodies.set(pin.id, body.current.innerHTML);
    setContent(body.current.querySelector(':scope > p')?.textContent ?? '');
  }, [pin.id]);

  function onBodyClick(event: MouseEvent<HTMLDivElement>) {
    followLinkInApp(event, navigate);
  }

  async function toggleLike() {
    try {
      requireLogin();
      const result = await apiFetch<{ liked: boolean; likeCount: number }>(`/api/pin/${liked ? 'unlike' : 'like'}`, {
        method: 'POST',
        json: { msgId: pin.id },
      });
      setLiked(result.liked);
      setLikeCount(result.likeCount);
    } catch (error) {
      alerts.pushError(error);
    }
  }

  async function remove() {
    if (!window.confirm('确定删除这条沸点吗？')) return;
    try {
      await apiFetch('/api/pin/delete', { method: 'POST', json: { msgId: pin.id } });
      alerts.push({ type: 'success', message: '沸点已删除' });
      onDeleted?.(pin.id);
    } catch (error) {
      alerts.pushError(error);
    }
  }

  return (
    <article className="pc" aria-label={`${pin.user.username}的沸点`}>
      {/* The body is the server's markup when the loader sent it as HTML (pin-rows.server.tsx): React
          neither compares nor replaces it (the HTML is set once); its links are followed in the app. */}
      {bodyHtml === null ? (
        // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the clicks handled are its links', which the keyboard activates itself
        <div className="pc-body" onClick={onBodyClick}>
          <PinBody pin={pin as PinRowView} />
        </div>
      ) : (
        <>
          {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the clicks handled are its links', which the keyboard activates itself */}
          <div
            ref={body}
            className="pc-body"
            onClick={onBodyClick}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: PinBody rendered on the server (renderToStaticMarkup escapes the pin's text)
            dangerouslySetInnerHTML={{ __html: bodyHtml }}
            suppressHydrationWarning
          />
        </>
      )}
      <div className="pin-acts">
        <button
          type="button"
          onClick={toggleLike}
          aria-pressed={liked}
          aria-label={liked ? '取消点赞' : '点赞'}
          className={liked ? 'pin-act ic-thumbs-up ic-on text-brand' : 'pin-act ic-thumbs-up'}
        >
          {likeCount > 0 ? formatCount(likeCount) : '点赞'}
        </button>
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          className="pin-act ic-message-square"
        >
          {commentCount > 0 ? formatCount(commentCount) : '评论'}
        </button>
        <ShareButton
          variant="row"
          path={`/pin/${pin.id}`}
          title={`${truncate(content.replace(/\s+/g, ' ').trim(), 30)} - ${pin.user.username}的沸点`}
          text={(url) => pinShareText(content, url)}
          description={truncate(content, 100)}
          image={isPinRowRef(pin) ? pin.shareImage : pinShareImage(pin.imageUrlList)}
          wechatCard={commentsOpen}
        />
        {viewer?.id !== pin.user.id && !placeholder && (
          <ReportButton variant="row" targetType="pin" targetId={pin.id} />
        )}
        {canDelete && (
          <button
            type="button"
            onClick={remove}
            aria-label="删除沸点"
            className="inline-flex h-8 items-center justify-center px-2 hover:text-danger"
          >
            <Trash2 {...icon} />
          </button>
        )}
      </div>
      {open && (
        <CommentSection
          compact
          targetType="pin"
          targetId={pin.id}
          count={commentCount}
          className="mt-3 rounded bg-page p-3"
          onCountChange={setCommentCount}
        />
      )}
    </article>
  );
}
