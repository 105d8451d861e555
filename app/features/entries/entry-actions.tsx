import { LIMITS, TIMING } from '@core/constants.ts';
import { formatCount } from '@core/format.ts';
import { Flame, MessageSquare, Pencil, Trash2 } from '~/ui/icons.tsx';
import { type RefObject, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { apiFetch } from '~/lib/api-client.ts';
import { track } from '~/lib/track.ts';
import { useAlerts } from '~/lib/alerts.ts';
import { useViewer } from '~/lib/root-data.ts';
import { editHref, entryHref } from '~/lib/links.ts';
import { Button, buttonClass } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { useFeatureSlots } from '~/lib/feature-slots.tsx';
import { LikeButton } from './like-button.tsx';
import { canEdit, canRecommend } from '@server/modules/entries/entries.policy.ts';

interface ActionEntry {
  id: string;
  type: string;
  title: string;
  abstract?: string;
  screenshot?: string;
  hot: boolean;
  liked: boolean;
  likeCount: number;
  commentCount: number;
  originalUrl: string;
  user: { id: string; username: string };
}

/** Counts the page's view once after it loads (SPEC §7.3 getEntryView); failures are only logged. */
export function useEntryView(entryId: string) {
  useEffect(() => {
    const controller = new AbortController();
    track('view', { target: entryId });
    apiFetch(`/api/view/getEntryView?entryId=${entryId}`, { signal: controller.signal }).catch((error: unknown) => {
      if (!controller.signal.aborted) console.warn('entry view not counted', error);
    });
    return () => controller.abort();
  }, [entryId]);
}

/** The text appended to copies of 128 characters or more (SPEC §5, §9). */
export function copyAttribution(options: { author: string; url: string; siteName: string }): string {
  return `\n\n作者：${options.author}\n链接：${options.url}\n来源：${options.siteName}\n著作权归作者所有。商业转载请联系作者获得授权，非商业转载请注明出处。`;
}

/** Appends the attribution to long copies made inside the article (SPEC §5 copy handler). */
export function useCopyAttribution(ref: RefObject<HTMLElement | null>, author: string, siteName: string) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onCopy = (event: ClipboardEvent) => {
      const selected = window.getSelection()?.toString() ?? '';
      if (Array.from(selected).length < LIMITS.copyAttributionFrom || !event.clipboardData) return;
      event.preventDefault();
      const url = window.location.href.split('#')[0];
      event.clipboardData.setData('text/plain', selected + copyAttribution({ author, url, siteName }));
    };
    element.addEventListener('copy', onCopy);
    return () => element.removeEventListener('copy', onCopy);
  }, [ref, author, siteName]);
}

/**
 * Lazy article images start loading once within 300 px of the viewport (SPEC §9), checked at
 * most every 100 ms; images already near the viewport load at once.
 */
export function useImagePreload(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const images = Array.from(element.querySelectorAll<HTMLImageElement>('img[loading="lazy"]'));
    if (images.length === 0) return;
    let pending: HTMLImageElement[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (seen) => {
        for (const item of seen) {
          if (item.isIntersecting) {
            pending.push(item.target as HTMLImageElement);
            observer.unobserve(item.target);
          }
        }
        if (timer) return;
        timer = setTimeout(() => {
          timer = undefined;
          for (const image of pending) image.loading = 'eager';
          pending = [];
        }, 100);
      },
      { rootMargin: `${TIMING.lazyImagePreloadPx}px 0px` },
    );
    for (const image of images) observer.observe(image);
    return () => {
      observer.disconnect();
      if (timer) clearTimeout(timer);
    };
  }, [ref]);
}

/** The like button, the author's edit and delete, and the admins' recommend switch. */
export function EntryActionBar({ entry }: { entry: ActionEntry }) {
  const { CollectButton, ShareButton, ReportButton } = useFeatureSlots();
  const viewer = useViewer();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [hot, setHot] = useState(entry.hot);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const mayRecommend = canRecommend(viewer);
  const mayEdit = canEdit(viewer, { userId: entry.user.id });

  async function toggleHot() {
    setBusy(true);
    try {
      const result = await apiFetch<{ hot: boolean }>(`/api/post/${hot ? 'unrecommend' : 'recommend'}`, {
        json: { entryId: entry.id },
      });
      setHot(result.hot);
      alerts.push({ type: 'success', message: result.hot ? '已推荐' : '已取消推荐' });
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await apiFetch(`/api/post/entryDel?entryId=${entry.id}`);
      alerts.push({ type: 'success', message: '已删除' });
      navigate('/published');
    } catch (error) {
      alerts.pushError(error);
      setBusy(false);
    }
  }

  return (
    <div className="mt-6 flex flex-wrap items-center gap-3 border-line border-t pt-4">
      <LikeButton entryId={entry.id} liked={entry.liked} likeCount={entry.likeCount} />
      <CollectButton entryId={entry.id} checkOnMount />
      <ShareButton
        path={entryHref(entry)}
        title={entry.title}
        description={entry.abstract}
        image={entry.screenshot}
        wechatCard
      />
      <a href="#comments" className="inline-flex h-9 items-center gap-1.5 px-2 text-fg-3 text-sm hover:text-brand">
        <MessageSquare size={18} strokeWidth={1.75} aria-hidden="true" />
        <span className="sr-only">评论</span>
        {formatCount(entry.commentCount)}
      </a>
      {viewer?.id !== entry.user.id && <ReportButton targetType="entry" targetId={entry.id} />}
      {mayRecommend && (
        <Button
          variant="secondary"
          size="md"
          disabled={busy}
          onClick={toggleHot}
          aria-pressed={hot}
          className={hot ? 'border-brand text-brand' : ''}
        >
          <Flame size={16} strokeWidth={1.75} aria-hidden="true" />
          {hot ? '取消推荐' : '推荐'}
        </Button>
      )}
      {mayEdit && (
        <span className="ml-auto flex items-center gap-2">
          <Link to={editHref(entry)} className={buttonClass('text', 'md')}>
            <Pencil size={16} strokeWidth={1.75} aria-hidden="true" />
            编辑
          </Link>
          <Button variant="text" size="md" disabled={busy} onClick={() => setConfirming(true)}>
            <Trash2 size={16} strokeWidth={1.75} aria-hidden="true" />
            删除
          </Button>
        </span>
      )}
      <DeleteEntryDialog
        open={confirming}
        title={entry.title}
        onOpenChange={setConfirming}
        onConfirm={() => {
          setConfirming(false);
          void remove();
        }}
      />
    </div>
  );
}

export function DeleteEntryDialog({
  open,
  title,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  title: string;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="删除文章"
      description={`删除后不可恢复，确定删除「${title}」吗？`}
      confirmLabel="删除"
      danger
      onConfirm={onConfirm}
    />
  );
}

/**
 * The comment a detail link points at (/entry/{id}/detail/{commentId}): scrolled into view and
 * marked once the comment area has rendered it as #comment-{id}.
 */
export function useHighlightedComment(commentId: string | null) {
  useEffect(() => {
    if (!commentId) return;
    let done = false;
    const mark = () => {
      const element = document.getElementById(`comment-${commentId}`);
      if (!element || done) return false;
      done = true;
      element.dataset.highlighted = 'true';
      element.classList.add('ring-2', 'ring-brand', 'rounded');
      element.scrollIntoView({ block: 'center' });
      return true;
    };
    if (mark()) return;
    const observer = new MutationObserver(() => {
      if (mark()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [commentId]);
}
