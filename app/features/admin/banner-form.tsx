import { BANNER_POSITION_LABELS, BANNER_POSITIONS, type BannerPositionName, bannerInputSchema } from '@core/banners.ts';
import { useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { useApiAction } from '~/lib/use-api-action.ts';
import { Button } from '~/ui/button.tsx';
import { TitledDialog } from '~/ui/titled-dialog.tsx';

export interface AdminBannerRow {
  id: string;
  position: BannerPositionName;
  url: string;
  imageUrl: string;
  textList: string[];
  startedAt: string;
  endedAt: string;
}

const CHINA = 8 * 3_600_000;
/** An instant as the value of a datetime-local field in China time. */
const toLocal = (iso: string) => new Date(Date.parse(iso) + CHINA).toISOString().slice(0, 16);
/** A datetime-local value read as China time. */
const fromLocal = (value: string) => (value ? new Date(`${value}:00+08:00`).toISOString() : '');

/**
 * 新建横幅 / 编辑横幅: position, link, text lines (one a line), image, window in China time; once
 * saved it closes and the page's data is reloaded.
 */
export function BannerFormDialog({ banner, onClose }: { banner?: AdminBannerRow; onClose: () => void }) {
  const alerts = useAlerts();
  const { busy, run } = useApiAction();
  const now = new Date().toISOString();
  const [position, setPosition] = useState<BannerPositionName>(banner?.position ?? 'aside');
  const [url, setUrl] = useState(banner?.url ?? '');
  const [imageUrl, setImageUrl] = useState(banner?.imageUrl ?? '');
  const [text, setText] = useState(banner?.textList.join('\n') ?? '');
  const [start, setStart] = useState(toLocal(banner?.startedAt ?? now));
  const [end, setEnd] = useState(toLocal(banner?.endedAt ?? new Date(Date.now() + 7 * 86_400_000).toISOString()));
  const field = 'h-9 w-full rounded border border-line bg-card px-3 outline-none focus:border-brand';

  async function submit() {
    const input = {
      position,
      url,
      imageUrl,
      textList: text.split('\n'),
      startedAt: fromLocal(start),
      endedAt: fromLocal(end),
    };
    const checked = bannerInputSchema.safeParse(input);
    if (!checked.success) {
      alerts.push({ type: 'error', message: checked.error.issues[0]?.message ?? '请检查输入' });
      return;
    }
    await run(() => apiFetch('/api/banner/admin/save', { json: { ...input, ...(banner ? { id: banner.id } : {}) } }), {
      success: banner ? '横幅已保存' : '横幅已创建',
      done: onClose,
    });
  }

  return (
    <TitledDialog
      title={banner ? '编辑横幅' : '新建横幅'}
      widthClass="w-[440px] max-w-[calc(100vw-32px)]"
      onClose={onClose}
    >
      <form
        className="space-y-3 p-5 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="banner-position" className="block text-fg-2">
          位置
        </label>
        <select
          id="banner-position"
          value={position}
          onChange={(e) => setPosition(e.target.value as BannerPositionName)}
          className={field}
        >
          {BANNER_POSITIONS.map((p) => (
            <option key={p} value={p}>
              {BANNER_POSITION_LABELS[p]}
            </option>
          ))}
        </select>
        <label htmlFor="banner-url" className="block text-fg-2">
          链接
        </label>
        <input id="banner-url" value={url} onChange={(e) => setUrl(e.target.value)} className={field} />
        <label htmlFor="banner-text" className="block text-fg-2">
          文字（每行一条，最多 3 行）
        </label>
        <textarea
          id="banner-text"
          value={text}
          rows={3}
          onChange={(e) => setText(e.target.value)}
          className="w-full rounded border border-line bg-card px-3 py-2 outline-none focus:border-brand"
        />
        <label htmlFor="banner-image" className="block text-fg-2">
          图片地址（选填）
        </label>
        <input id="banner-image" value={imageUrl} onChange={(e) => setImageUrl(e.target.value)} className={field} />
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor="banner-start" className="block text-fg-2">
              开始（北京时间）
            </label>
            <input
              id="banner-start"
              type="datetime-local"
              value={start}
              onChange={(e) => setStart(e.target.value)}
              className={field}
            />
          </div>
          <div>
            <label htmlFor="banner-end" className="block text-fg-2">
              结束（北京时间）
            </label>
            <input
              id="banner-end"
              type="datetime-local"
              value={end}
              onChange={(e) => setEnd(e.target.value)}
              className={field}
            />
          </div>
        </div>
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? '保存中...' : '保存'}
          </Button>
        </div>
      </form>
    </TitledDialog>
  );
}
