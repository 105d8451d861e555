import {
  BOOKLET_CATEGORIES,
  BOOKLET_LIMITS,
  BOOKLET_MESSAGES,
  bookletCategoryTitle,
  parseYuan,
} from '@core/booklets.ts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { uploadImage } from '~/lib/upload-image.ts';
import { useUpload } from '~/lib/use-upload.ts';
import { Button } from '~/ui/button.tsx';
import { ImagePlus } from '~/ui/icons.tsx';
import type { BookletFields } from './booklet-api.ts';
import { BookletCover } from './booklet-cover.tsx';

const inputClass =
  'w-full rounded border border-line bg-card px-3 py-2 text-sm text-fg outline-none focus:border-brand focus-visible:outline-2 focus-visible:outline-brand';

export const EMPTY_BOOKLET: BookletFields = {
  title: '',
  summary: '',
  description: '',
  img: '',
  category: 'frontend',
  price: 0,
  isFinished: false,
};

/**
 * A booklet's information: title, category, price (yuan in the form, fen on the wire), summary,
 * introduction (Markdown), cover and the finished flag. Used to create one and to edit it.
 */
export function BookletInfoForm({
  initial,
  submitLabel,
  onSubmit,
}: {
  initial: BookletFields;
  submitLabel: string;
  onSubmit: (fields: BookletFields) => Promise<void>;
}) {
  const alerts = useAlerts();
  const id = useId();
  const [fields, setFields] = useState(initial);
  const [price, setPrice] = useState(initial.price ? (initial.price / 100).toFixed(2) : '0');
  const [busy, setBusy] = useState(false);
  const { uploading, upload } = useUpload(async (file) => (await uploadImage(file, 'cover')).url);
  const fileInput = useRef<HTMLInputElement>(null);
  const update = (changes: Partial<BookletFields>) => setFields((f) => ({ ...f, ...changes }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!fields.title.trim()) return alerts.push({ type: 'error', message: BOOKLET_MESSAGES.titleRequired });
    const fen = parseYuan(price);
    if (fen === null) return alerts.push({ type: 'error', message: BOOKLET_MESSAGES.priceInvalid });
    setBusy(true);
    try {
      await onSubmit({ ...fields, title: fields.title.trim(), price: fen });
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setBusy(false);
    }
  }

  async function pickCover(files: FileList | null) {
    const file = files?.[0];
    if (fileInput.current) fileInput.current.value = '';
    await upload(file, (img) => update({ img }));
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label="小册信息">
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="flex flex-col items-center gap-2">
          <BookletCover booklet={{ title: fields.title || '小册封面', img: fields.img }} width={120} />
          <Button variant="secondary" disabled={uploading} onClick={() => fileInput.current?.click()}>
            <ImagePlus aria-hidden size={16} />
            {uploading ? '上传中…' : '上传封面'}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            aria-label="选择封面"
            className="hidden"
            onChange={(event) => void pickCover(event.target.files)}
          />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <label className="flex flex-col gap-1 text-sm text-fg-2" htmlFor={`${id}-title`}>
            小册标题
            <input
              id={`${id}-title`}
              className={inputClass}
              value={fields.title}
              maxLength={BOOKLET_LIMITS.titleMax}
              onChange={(event) => update({ title: event.target.value })}
              placeholder="例如：Go 并发编程实战"
            />
          </label>
          <div className="flex gap-3">
            <label className="flex flex-1 flex-col gap-1 text-sm text-fg-2" htmlFor={`${id}-category`}>
              分类
              <select
                id={`${id}-category`}
                className={inputClass}
                value={fields.category}
                onChange={(event) => update({ category: event.target.value })}
              >
                {BOOKLET_CATEGORIES.map((name) => (
                  <option key={name} value={name}>
                    {bookletCategoryTitle(name)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-1 flex-col gap-1 text-sm text-fg-2" htmlFor={`${id}-price`}>
              价格（元，0 为免费）
              <input
                id={`${id}-price`}
                className={inputClass}
                inputMode="decimal"
                value={price}
                onChange={(event) => setPrice(event.target.value)}
              />
            </label>
          </div>
          <label className="flex items-center gap-2 text-sm text-fg-2">
            <input
              type="checkbox"
              checked={fields.isFinished}
              onChange={(event) => update({ isFinished: event.target.checked })}
            />
            已完结
          </label>
        </div>
      </div>
      <label className="flex flex-col gap-1 text-sm text-fg-2" htmlFor={`${id}-summary`}>
        简介（卡片上的一两句话）
        <textarea
          id={`${id}-summary`}
          className={`${inputClass} h-20`}
          value={fields.summary}
          maxLength={BOOKLET_LIMITS.summaryMax}
          onChange={(event) => update({ summary: event.target.value })}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm text-fg-2" htmlFor={`${id}-description`}>
        小册介绍（Markdown：你会学到什么、适宜人群）
        <textarea
          id={`${id}-description`}
          className={`${inputClass} h-40 font-mono`}
          value={fields.description}
          maxLength={BOOKLET_LIMITS.descriptionMax}
          onChange={(event) => update({ description: event.target.value })}
        />
      </label>
      <div>
        <Button type="submit" size="md" disabled={busy}>
          {busy ? '保存中…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
