import { ImagePlus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { ApiError, apiFetch } from '~/lib/api-client.ts';
import { useRequireLogin } from '~/lib/auth-modal.ts';
import { useViewer } from '~/lib/root-data.ts';
import { Button } from '~/ui/button.tsx';
import type { PinView } from './types.ts';

export const PIN_MAX_CHARS = 1000;
export const PIN_MAX_IMAGES = 9;

/** POST /api/upload/image with purpose pin (multipart): the stored image's URL. */
async function uploadPinImage(file: File): Promise<string> {
  const form = new FormData();
  form.set('file', file);
  form.set('purpose', 'pin');
  const response = await fetch('/api/upload/image', { method: 'POST', body: form, credentials: 'same-origin' });
  const body = (await response.json().catch(() => null)) as { s: number; m: string; d: { url: string } } | null;
  if (!response.ok || !body || body.s !== 1) {
    throw new ApiError(response.status, body?.s ?? 0, body?.m ?? `请求失败（${response.status}）`);
  }
  return body.d.url;
}

/** Publish a pin: up to 1000 characters and 9 images. Signed out, it asks to sign in first. */
export function PinComposer({ onPublished }: { onPublished: (pin: PinView) => void }) {
  const viewer = useViewer();
  const requireLogin = useRequireLogin();
  const alerts = useAlerts();
  const [content, setContent] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [working, setWorking] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const length = Array.from(content).length;

  function guard(event: React.FocusEvent<HTMLTextAreaElement>) {
    if (viewer) return;
    event.currentTarget.blur();
    try {
      requireLogin();
    } catch {
      // The login modal is open.
    }
  }

  async function addImages(files: FileList | null) {
    if (!files || files.length === 0) return;
    const room = PIN_MAX_IMAGES - images.length;
    if (files.length > room) alerts.push({ type: 'warning', message: `最多上传${PIN_MAX_IMAGES}张图片` });
    setUploading(true);
    try {
      for (const file of Array.from(files).slice(0, room)) {
        const url = await uploadPinImage(file);
        setImages((current) => [...current, url]);
      }
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    try {
      requireLogin();
      setWorking(true);
      const pin = await apiFetch<PinView>('/api/pin/publish', {
        method: 'POST',
        json: { content: content.trim(), picList: images },
      });
      setContent('');
      setImages([]);
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
        value={content}
        onChange={(e) => setContent(e.target.value)}
        onFocus={guard}
        rows={3}
        aria-label="沸点内容"
        placeholder="和大家分享你的新鲜事吧..."
        className="w-full resize-y rounded border border-line bg-page px-3 py-2 text-sm text-fg outline-none focus:border-brand"
      />
      {images.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="已上传的图片">
          {images.map((url, i) => (
            <li key={url} className="relative">
              <img src={url} alt={`图片 ${i + 1}`} className="size-20 rounded object-cover" />
              <button
                type="button"
                aria-label={`移除图片 ${i + 1}`}
                onClick={() => setImages((current) => current.filter((u) => u !== url))}
                className="absolute top-0.5 right-0.5 rounded-full bg-black/60 p-0.5 text-white"
              >
                <X size={12} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex items-center gap-3">
        <label
          className={`inline-flex cursor-pointer items-center gap-1 text-fg-2 text-sm hover:text-brand ${images.length >= PIN_MAX_IMAGES ? 'pointer-events-none opacity-50' : ''}`}
        >
          <ImagePlus size={18} strokeWidth={1.75} aria-hidden="true" />
          {uploading ? '上传中...' : `图片 ${images.length}/${PIN_MAX_IMAGES}`}
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp,image/bmp"
            multiple
            className="sr-only"
            aria-label="添加图片"
            disabled={!viewer || uploading || images.length >= PIN_MAX_IMAGES}
            onChange={(e) => addImages(e.target.files)}
          />
        </label>
        <span className={`ml-auto text-[13px] ${length > PIN_MAX_CHARS ? 'text-danger' : 'text-fg-3'}`}>
          {length}/{PIN_MAX_CHARS}
        </span>
        <Button type="submit" disabled={working || uploading || content.trim() === '' || length > PIN_MAX_CHARS}>
          {working ? '发布中...' : '发布'}
        </Button>
      </div>
    </form>
  );
}
