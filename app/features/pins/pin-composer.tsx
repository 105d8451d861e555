import { LIMITS } from '@core/constants.ts';
import { useEffect, useRef, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { useLoginOnFocus, useRequireLogin } from '~/lib/auth-modal.ts';
import { useViewer } from '~/lib/root-data.ts';
import { useImageAttachments } from '~/lib/use-image-attachments.ts';
import { Button } from '~/ui/button.tsx';
import { AddImagesButton, AttachedImages } from '~/ui/image-attachments.tsx';
import type { PinView } from './types.ts';

/** Publish a pin: up to 1000 characters and 9 images. Signed out, it asks to sign in first. */
export function PinComposer({ onPublished }: { onPublished: (pin: PinView) => void }) {
  const viewer = useViewer();
  const requireLogin = useRequireLogin();
  const guard = useLoginOnFocus();
  const alerts = useAlerts();
  // The field is uncontrolled, so words typed before React hydrates it stay (a controlled field
  // is reset to its empty state then); `content` follows it for the count and the button.
  const field = useRef<HTMLTextAreaElement>(null);
  const [content, setContent] = useState('');
  useEffect(() => setContent(field.current?.value ?? ''), []);
  const attachments = useImageAttachments('pin', LIMITS.pinMaxImages);
  const [working, setWorking] = useState(false);
  const length = Array.from(content).length;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    try {
      requireLogin();
      setWorking(true);
      const pin = await apiFetch<PinView>('/api/pin/publish', {
        method: 'POST',
        json: { content: content.trim(), picList: attachments.images },
      });
      if (field.current) field.current.value = '';
      setContent('');
      attachments.clear();
      alerts.push({ type: 'success', message: '沸点发布成功' });
      onPublished(pin);
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setWorking(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label="发沸点" className="rounded bg-card p-4">
      <textarea
        ref={field}
        onChange={(e) => setContent(e.target.value)}
        onFocus={guard}
        rows={3}
        aria-label="沸点内容"
        placeholder="和大家分享你的新鲜事吧..."
        className="w-full resize-y rounded border border-line bg-page px-3 py-2 text-sm text-fg outline-none focus:border-brand"
      />
      <AttachedImages images={attachments.images} onRemove={attachments.remove} />
      <div className="mt-2 flex items-center gap-3">
        <AddImagesButton
          count={attachments.images.length}
          max={LIMITS.pinMaxImages}
          uploading={attachments.uploading}
          disabled={!viewer}
          onPick={attachments.add}
        />
        <span className={`ml-auto text-[13px] ${length > LIMITS.pinMaxChars ? 'text-danger' : 'text-fg-3'}`}>
          {length}/{LIMITS.pinMaxChars}
        </span>
        <Button
          type="submit"
          disabled={working || attachments.uploading || content.trim() === '' || length > LIMITS.pinMaxChars}
        >
          {working ? '发布中...' : '发布'}
        </Button>
      </div>
    </form>
  );
}
