import { ENTRY_LIMITS } from '@core/entry-input.ts';
import { ImagePlus, Search, X } from '~/ui/icons.tsx';
import { Dialog } from 'radix-ui';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { Button } from '~/ui/button.tsx';
import { TitledDialog } from '~/ui/titled-dialog.tsx';
import { uploadImage } from '~/lib/upload-image.ts';
import { useUpload } from '~/lib/use-upload.ts';
import { type CategoryOption, type DraftFields, searchTags, type TagBrief } from './editor-api.ts';
import { safeImageUrl } from '@core/user-urls.ts';

export type PublishChoices = Pick<DraftFields, 'categoryId' | 'tagIds' | 'abstract' | 'coverImage' | 'type'>;

export interface PublishDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  categories: CategoryOption[];
  choices: PublishChoices;
  /** Titles of the chosen tags, known from the draft or picked in the dialog. */
  tags: TagBrief[];
  onChange: (choices: Partial<PublishChoices>, tags?: TagBrief[]) => void;
  onPublish: () => Promise<void>;
  /** Editing a published entry: the button says update. */
  editing: boolean;
}

function Field({ label, children, htmlFor }: { label: string; children: ReactNode; htmlFor?: string }) {
  return (
    <div className="grid gap-2 sm:grid-cols-[72px_minmax(0,1fr)] sm:items-start">
      {htmlFor ? (
        <label htmlFor={htmlFor} className="pt-1.5 text-fg-2 text-sm">
          {label}
        </label>
      ) : (
        <span className="pt-1.5 text-fg-2 text-sm">{label}</span>
      )}
      <div className="min-w-0">{children}</div>
    </div>
  );
}

function chipClass(active: boolean) {
  return `h-8 rounded border px-3 text-sm transition-colors duration-150 ease-out ${
    active ? 'border-brand bg-brand-tint text-brand' : 'border-line text-fg-2 hover:border-brand hover:text-brand'
  }`;
}

/** A radio button that looks like a chip: the native input keeps keyboard and screen readers right. */
function ChipRadio(props: { name: string; label: string; checked: boolean; onSelect: () => void }) {
  return (
    <label
      className={`${chipClass(props.checked)} inline-flex cursor-pointer items-center has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand has-[:focus-visible]:outline-offset-2`}
    >
      <input type="radio" name={props.name} checked={props.checked} onChange={props.onSelect} className="sr-only" />
      {props.label}
    </label>
  );
}

/** 发布文章: category, 1–3 tags, cover, abstract and article or column post (SPEC §2.3). */
export function PublishDialog(props: PublishDialogProps) {
  const { open, onOpenChange, categories, choices, tags, onChange, onPublish, editing } = props;
  const alerts = useAlerts();
  const [keyword, setKeyword] = useState('');
  const [suggestions, setSuggestions] = useState<TagBrief[]>([]);
  const { uploading, upload } = useUpload(async (file) => (await uploadImage(file, 'cover')).url);
  const [publishing, setPublishing] = useState(false);
  const coverInput = useRef<HTMLInputElement>(null);
  const ids = { tag: useId(), abstract: useId() };

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchTags(keyword.trim(), controller.signal)
        .then((result) => setSuggestions(result.tags))
        .catch(() => {
          // Suggestions are a convenience: a failed search leaves the list as it was.
        });
    }, 200);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [keyword, open]);

  const full = choices.tagIds.length >= ENTRY_LIMITS.tagsMax;
  const addTag = (tag: TagBrief) => {
    if (choices.tagIds.includes(tag.id) || full) return;
    onChange({ tagIds: [...choices.tagIds, tag.id] }, [...tags, tag]);
    setKeyword('');
  };
  const removeTag = (id: string) =>
    onChange(
      { tagIds: choices.tagIds.filter((t) => t !== id) },
      tags.filter((t) => t.id !== id),
    );

  const uploadCover = async (file: File | undefined) => {
    await upload(file, (url) => onChange({ coverImage: url }));
    if (coverInput.current) coverInput.current.value = '';
  };

  const publish = async () => {
    setPublishing(true);
    try {
      await onPublish();
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setPublishing(false);
    }
  };

  const chosen = choices.tagIds.map((id) => tags.find((t) => t.id === id) ?? { id, title: id, icon: '' });
  const abstractLength = Array.from(choices.abstract).length;

  return (
    <TitledDialog
      open={open}
      title={editing ? '更新文章' : '发布文章'}
      widthClass="w-[560px]"
      onClose={() => onOpenChange(false)}
    >
      <div className="space-y-5 px-5 py-4">
        <Field label="分类">
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">分类</legend>
            {categories.map((category) => (
              <ChipRadio
                key={category.id}
                name="publish-category"
                label={category.title}
                checked={choices.categoryId === category.id}
                onSelect={() => onChange({ categoryId: category.id })}
              />
            ))}
          </fieldset>
        </Field>

        <Field label="标签" htmlFor={ids.tag}>
          <div className="space-y-2">
            {chosen.length > 0 && (
              <ul aria-label="已选标签" className="flex flex-wrap gap-2">
                {chosen.map((tag) => (
                  <li
                    key={tag.id}
                    className="flex h-7 items-center gap-1 rounded bg-brand-tint pr-1 pl-2 text-brand text-sm"
                  >
                    {tag.title}
                    <button
                      type="button"
                      aria-label={`移除标签 ${tag.title}`}
                      onClick={() => removeTag(tag.id)}
                      className="flex size-5 items-center justify-center rounded hover:bg-brand/10"
                    >
                      <X aria-hidden size={14} strokeWidth={1.75} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="relative">
              <Search
                aria-hidden
                size={16}
                strokeWidth={1.75}
                className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-fg-3"
              />
              <input
                id={ids.tag}
                type="search"
                value={keyword}
                maxLength={32}
                disabled={full}
                onChange={(event) => setKeyword(event.target.value)}
                placeholder={full ? `最多选择${ENTRY_LIMITS.tagsMax}个标签` : '搜索标签'}
                className="h-9 w-full rounded border border-line bg-card pr-3 pl-8 text-sm outline-none focus:border-brand disabled:opacity-60"
              />
            </div>
            {!full && (
              <ul aria-label="标签建议" className="flex max-h-32 flex-wrap gap-2 overflow-y-auto">
                {suggestions
                  .filter((tag) => !choices.tagIds.includes(tag.id))
                  .map((tag) => (
                    <li key={tag.id}>
                      <button type="button" onClick={() => addTag(tag)} className={chipClass(false)}>
                        {tag.title}
                      </button>
                    </li>
                  ))}
                {suggestions.length === 0 && keyword.trim() !== '' && (
                  <li className="text-fg-3 text-sm">没有找到相关标签</li>
                )}
              </ul>
            )}
            <p className="text-fg-3 text-xs">选择 1 至 {ENTRY_LIMITS.tagsMax} 个标签</p>
          </div>
        </Field>

        <Field label="文章封面">
          {safeImageUrl(choices.coverImage) ? (
            <div className="relative w-48">
              <img
                src={safeImageUrl(choices.coverImage)}
                alt="文章封面"
                className="aspect-[3/2] w-48 rounded border border-line object-cover"
              />
              <button
                type="button"
                aria-label="移除封面"
                onClick={() => onChange({ coverImage: '' })}
                className="absolute top-1 right-1 flex size-6 items-center justify-center rounded bg-black/60 text-white"
              >
                <X aria-hidden size={14} strokeWidth={1.75} />
              </button>
            </div>
          ) : (
            <button
              type="button"
              disabled={uploading}
              onClick={() => coverInput.current?.click()}
              className="flex aspect-[3/2] w-48 flex-col items-center justify-center gap-1 rounded border border-line border-dashed text-fg-3 text-sm hover:border-brand hover:text-brand disabled:opacity-60"
            >
              <ImagePlus aria-hidden size={20} strokeWidth={1.75} />
              {uploading ? '上传中...' : '上传封面'}
            </button>
          )}
          <input
            ref={coverInput}
            type="file"
            accept="image/*"
            aria-label="选择封面图片"
            className="hidden"
            onChange={(event) => uploadCover(event.target.files?.[0])}
          />
        </Field>

        <Field label="摘要" htmlFor={ids.abstract}>
          <textarea
            id={ids.abstract}
            value={choices.abstract}
            onChange={(event) => onChange({ abstract: event.target.value })}
            maxLength={ENTRY_LIMITS.abstractMax}
            rows={3}
            placeholder="可选；不填时取正文开头"
            className="w-full resize-none rounded border border-line bg-card px-3 py-2 text-sm outline-none focus:border-brand"
          />
          <p className="text-right text-fg-3 text-xs">
            {abstractLength}/{ENTRY_LIMITS.abstractMax}
          </p>
        </Field>

        <Field label="发布到">
          <fieldset className="flex gap-2">
            <legend className="sr-only">发布到</legend>
            {(
              [
                ['article', '普通文章'],
                ['post', '专栏文章'],
              ] as const
            ).map(([type, label]) => (
              <ChipRadio
                key={type}
                name="publish-type"
                label={label}
                checked={choices.type === type}
                onSelect={() => onChange({ type })}
              />
            ))}
          </fieldset>
        </Field>
      </div>
      <div className="flex justify-end gap-3 border-line border-t px-5 py-3">
        <Dialog.Close asChild>
          <Button variant="secondary" size="md">
            取消
          </Button>
        </Dialog.Close>
        <Button size="md" disabled={publishing || uploading} onClick={publish}>
          {publishing ? '发布中...' : editing ? '确定并更新' : '确定并发布'}
        </Button>
      </div>
    </TitledDialog>
  );
}
