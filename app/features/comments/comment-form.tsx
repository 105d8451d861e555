import { LIMITS } from '@core/constants.ts';
import { useEffect, useRef, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { useLoginOnFocus, useRequireLogin } from '~/lib/auth-modal.ts';
import { barrageTypeFor, useBarrage } from '~/lib/barrage.ts';
import { useViewer } from '~/lib/root-data.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { useImageAttachments } from '~/lib/use-image-attachments.ts';
import { Button } from '~/ui/button.tsx';
import { AddImagesButton, AttachedImages } from '~/ui/image-attachments.tsx';
import type { CommentTargetType, CommentView } from './types.ts';

export interface CommentFormProps {
  targetType: CommentTargetType;
  targetId: string;
  /** A reply: the first-level comment and the comment answered. */
  reply?: { firstComment: string; respComment: string; respUser: string | null; username: string };
  autoFocus?: boolean;
  onPosted: (comment: CommentView) => void;
  onCancel?: () => void;
}

/**
 * The comment box. Signed out, focusing it opens the login modal and nothing is sent (SPEC §4).
 * The shortcut words 233, 666, 牛 and 赞 fire the barrage when posted (SPEC §2.4).
 */
export function CommentForm({ targetType, targetId, reply, autoFocus, onPosted, onCancel }: CommentFormProps) {
  const viewer = useViewer();
  const requireLogin = useRequireLogin();
  const guard = useLoginOnFocus();
  const alerts = useAlerts();
  const barrage = useBarrage();
  // The field is uncontrolled, so words typed before React hydrates it stay (a controlled field
  // is reset to its empty state then); `content` follows it for the button.
  const field = useRef<HTMLTextAreaElement>(null);
  const [content, setContent] = useState('');
  useEffect(() => setContent(field.current?.value ?? ''), []);
  const [working, setWorking] = useState(false);
  const attachments = useImageAttachments('comment', LIMITS.commentMaxImages);
  const label = reply ? `回复 ${reply.username}` : '评论';

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    try {
      requireLogin();
      const text = content.trim();
      if (!text) {
        alerts.push({ type: 'error', message: '评论内容不能为空' });
        return;
      }
      setWorking(true);
      const result = await apiFetch<{ commentId: string; comment: CommentView }>('/api/comment/comment', {
        method: 'POST',
        json: {
          content: text,
          picList: attachments.images,
          targetId,
          targetType,
          ...(reply
            ? {
                firstComment: reply.firstComment,
                respComment: reply.respComment,
                respUser: reply.respUser ?? undefined,
              }
            : {}),
        },
      });
      const type = barrageTypeFor(text);
      if (type) barrage.fire(type);
      if (field.current) field.current.value = '';
      setContent('');
      attachments.clear();
      onPosted(result.comment);
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setWorking(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex gap-3" aria-label={label}>
      {!reply && viewer && <Avatar user={viewer} size={36} />}
      <div className="min-w-0 flex-1">
        <textarea
          ref={field}
          onChange={(e) => setContent(e.target.value)}
          onFocus={guard}
          // biome-ignore lint/a11y/noAutofocus: the reply box opens on request, focused
          autoFocus={autoFocus}
          rows={reply ? 2 : 3}
          maxLength={LIMITS.commentMaxChars}
          aria-label={label}
          placeholder={reply ? `回复 ${reply.username}...` : '输入评论（Enter 换行）'}
          className="w-full resize-y rounded border border-line bg-page px-3 py-2 text-sm text-fg outline-none focus:border-brand"
        />
        <AttachedImages images={attachments.images} onRemove={attachments.remove} />
        <div className="mt-2 flex items-center justify-end gap-2">
          <span className="mr-auto">
            <AddImagesButton
              count={attachments.images.length}
              max={LIMITS.commentMaxImages}
              uploading={attachments.uploading}
              disabled={!viewer}
              onPick={attachments.add}
            />
          </span>
          {onCancel && (
            <Button variant="text" onClick={onCancel}>
              取消
            </Button>
          )}
          <Button type="submit" disabled={working || attachments.uploading || content.trim() === ''}>
            {working ? '发布中...' : reply ? '回复' : '发表评论'}
          </Button>
        </div>
      </div>
    </form>
  );
}
