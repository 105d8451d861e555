import { ENTRY_LIMITS, ENTRY_MESSAGES } from '@core/entry-input.ts';
import { PAGE_SIZE } from '@core/constants.ts';
import { Link2, Search, X } from '~/ui/icons.tsx';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { apiFetch } from '~/lib/api-client.ts';
import { useAlerts } from '~/lib/alerts.ts';
import { Button } from '~/ui/button.tsx';
import { isUserImageUrl } from '@core/user-urls.ts';

export interface ShareCategory {
  id: string;
  name: string;
  title: string;
}

export interface ShareTag {
  id: string;
  title: string;
}

export interface ShareFormValues {
  originalUrl: string;
  title: string;
  abstract: string;
  screenshot: string;
  categoryId: string;
  tags: ShareTag[];
  vote: boolean;
  /** A vote's options (with 投票 checked), in order. */
  voteOptions: string[];
  /** Someone has voted: the options can no longer change (docs/decisions/005-votes.md). */
  votesCast: boolean;
  /** The entry's text, kept as it is: the form does not edit it, and saving must not wipe it. */
  content: string;
  original: boolean;
  gfw: boolean;
  english: boolean;
}

export const EMPTY_VOTE_OPTIONS: string[] = ['', ''];

export const EMPTY_SHARE: ShareFormValues = {
  originalUrl: '',
  title: '',
  abstract: '',
  screenshot: '',
  categoryId: '',
  tags: [],
  vote: false,
  voteOptions: EMPTY_VOTE_OPTIONS,
  votesCast: false,
  content: '',
  original: false,
  gfw: false,
  english: false,
};

interface PageInfo {
  url: string;
  title: string;
  description: string;
  screenshot: string;
}

interface SharedEntry {
  id: string;
  title: string;
  type: string;
}

const inputClass =
  'h-9 w-full rounded border border-line bg-card px-3 text-fg text-sm outline-none transition-colors duration-150 ease-out placeholder:text-fg-3 focus:border-brand';

function Field({ label, htmlFor, children }: { label: string; htmlFor?: string; children: ReactNode }) {
  return (
    <div className="grid gap-2 sm:grid-cols-[72px_minmax(0,1fr)] sm:items-start">
      {htmlFor ? (
        <label htmlFor={htmlFor} className="pt-2 text-fg-2 text-sm">
          {label}
        </label>
      ) : (
        <span className="pt-2 text-fg-2 text-sm">{label}</span>
      )}
      <div className="min-w-0">{children}</div>
    </div>
  );
}

function chipClass(active: boolean) {
  return `inline-flex h-8 items-center gap-1 rounded border px-3 text-sm transition-colors duration-150 ease-out ${
    active ? 'border-brand bg-brand-tint text-brand' : 'border-line text-fg-2 hover:border-brand hover:text-brand'
  }`;
}

/** Tag choice: the category's suggestions, or a search; 1 to 3 tags. */
function TagPicker({
  category,
  tags,
  onChange,
}: {
  category: ShareCategory | undefined;
  tags: ShareTag[];
  onChange: (tags: ShareTag[]) => void;
}) {
  const id = useId();
  const [keyword, setKeyword] = useState('');
  const [options, setOptions] = useState<ShareTag[]>([]);
  const full = tags.length >= ENTRY_LIMITS.tagsMax;

  useEffect(() => {
    const controller = new AbortController();
    const query = keyword.trim();
    const path = query
      ? `/api/tag/tag/type/hot/search/${encodeURIComponent(query)}/page/0/pageSize/${PAGE_SIZE.searchTagSuggestions}`
      : category
        ? `/api/tag/tags/type/hot/suggest/category/page/0/pageSize/${PAGE_SIZE.tagSuggestions}?category=${category.name}`
        : `/api/tag/tags/type/hot/page/0/pageSize/${PAGE_SIZE.tagSuggestions}`;
    const timer = setTimeout(() => {
      apiFetch<{ tagList: ShareTag[] }>(path, { signal: controller.signal })
        .then((result) => setOptions(result.tagList.map(({ id: tagId, title }) => ({ id: tagId, title }))))
        .catch(() => {
          if (!controller.signal.aborted) setOptions([]);
        });
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [keyword, category]);

  return (
    <div className="space-y-2">
      {tags.length > 0 && (
        <ul aria-label="已选标签" className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag.id} className={chipClass(true)}>
              {tag.title}
              <button
                type="button"
                aria-label={`移除标签 ${tag.title}`}
                onClick={() => onChange(tags.filter((t) => t.id !== tag.id))}
                className="rounded hover:text-brand-hover"
              >
                <X size={14} strokeWidth={1.75} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <Search
          size={16}
          strokeWidth={1.75}
          aria-hidden="true"
          className="pointer-events-none absolute top-2.5 left-2.5 text-fg-3"
        />
        <input
          id={id}
          type="search"
          value={keyword}
          disabled={full}
          maxLength={32}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder={full ? ENTRY_MESSAGES.tagsTooMany : '搜索标签'}
          aria-label="搜索标签"
          className={`${inputClass} pl-8`}
        />
      </div>
      {!full && (
        <ul aria-label="可选标签" className="flex flex-wrap gap-2">
          {options
            .filter((tag) => !tags.some((t) => t.id === tag.id))
            .map((tag) => (
              <li key={tag.id}>
                <button type="button" className={chipClass(false)} onClick={() => onChange([...tags, tag])}>
                  {tag.title}
                </button>
              </li>
            ))}
        </ul>
      )}
      <p className="text-fg-3 text-xs">选择 1 至 {ENTRY_LIMITS.tagsMax} 个标签</p>
    </div>
  );
}

function Flag({
  label,
  checked,
  disabled = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-1.5 text-fg-2 text-sm">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-[var(--brand)]"
      />
      {label}
    </label>
  );
}

/** Covers the page may show: https, or this site's own files (the CSP allows no other images). */
function canPreview(url: string, siteOrigin: string | null): boolean {
  if (!siteOrigin || !url || !isUserImageUrl(url, siteOrigin)) return false;
  try {
    const parsed = new URL(url, siteOrigin);
    return parsed.protocol === 'https:' || parsed.origin === siteOrigin;
  } catch {
    return false;
  }
}

/** A vote's options as they will be sent: trimmed, the empty rows left out. */
function filledOptions(values: ShareFormValues): string[] {
  return values.voteOptions.map((option) => option.trim()).filter(Boolean);
}

/** The first message the form would get back from the server, checked before sending. */
function firstProblem(values: ShareFormValues): string | null {
  // A vote's question is its title and its options its body: the link is optional there.
  if (!values.vote && !values.originalUrl.trim()) return ENTRY_MESSAGES.urlInvalid;
  if (!values.title.trim()) return ENTRY_MESSAGES.titleRequired;
  if (Array.from(values.title.trim()).length > ENTRY_LIMITS.titleMax) return ENTRY_MESSAGES.titleTooLong;
  if (!values.categoryId) return ENTRY_MESSAGES.categoryRequired;
  if (values.tags.length < ENTRY_LIMITS.tagsMin) return ENTRY_MESSAGES.tagsRequired;
  if (values.vote) {
    const options = filledOptions(values);
    if (options.length < ENTRY_LIMITS.voteOptionsMin) return ENTRY_MESSAGES.voteOptionsRequired;
    if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) return ENTRY_MESSAGES.voteOptionsRepeated;
  }
  return null;
}

/** A vote's options: one input each, 2 to 10, in order; fixed once someone has voted. */
function VoteOptionsField({
  options,
  locked,
  onChange,
}: {
  options: string[];
  locked: boolean;
  onChange: (options: string[]) => void;
}) {
  if (locked) {
    return (
      <div>
        <ol className="list-decimal space-y-1 pt-2 pl-5 text-fg text-sm">
          {options.map((option) => (
            <li key={option}>{option}</li>
          ))}
        </ol>
        <p className="mt-2 text-fg-3 text-xs">已有人投票，选项不能再修改</p>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <ol aria-label="投票选项" className="space-y-2">
        {options.map((option, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions; their text is being typed
          <li key={index} className="flex gap-2">
            <input
              value={option}
              maxLength={ENTRY_LIMITS.voteOptionMax}
              onChange={(event) => onChange(options.map((o, i) => (i === index ? event.target.value : o)))}
              placeholder={`选项 ${index + 1}`}
              aria-label={`选项 ${index + 1}`}
              className={inputClass}
            />
            {options.length > ENTRY_LIMITS.voteOptionsMin && (
              <button
                type="button"
                aria-label={`删除选项 ${index + 1}`}
                onClick={() => onChange(options.filter((_, i) => i !== index))}
                className="shrink-0 rounded px-2 text-fg-3 hover:text-brand"
              >
                <X size={16} strokeWidth={1.75} aria-hidden="true" />
              </button>
            )}
          </li>
        ))}
      </ol>
      {options.length < ENTRY_LIMITS.voteOptionsMax && (
        <Button variant="text" onClick={() => onChange([...options, ''])}>
          添加选项
        </Button>
      )}
      <p className="text-fg-3 text-xs">
        {ENTRY_LIMITS.voteOptionsMin} 至 {ENTRY_LIMITS.voteOptionsMax} 个选项，每人投一票，投票后可以改投
      </p>
    </div>
  );
}

/**
 * Share a link (SPEC §2.2 /new-entry, /edit-entry/{id}): paste a URL, the server reads the page
 * and fills title, description and cover; the person picks a category, 1–3 tags and the flags
 * (vote, original, gfw, english, in the spec's order) and publishes.
 */
export function ShareForm({
  categories,
  initial,
  entryId,
}: {
  categories: ShareCategory[];
  initial: ShareFormValues;
  entryId?: string;
}) {
  const ids = { url: useId(), title: useId(), abstract: useId(), screenshot: useId(), category: useId() };
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [fetching, setFetching] = useState(false);
  const [saving, setSaving] = useState(false);
  const [shared, setShared] = useState<SharedEntry | null>(null);
  const [fetchedUrl, setFetchedUrl] = useState(initial.originalUrl);
  const set = (patch: Partial<ShareFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const category = categories.find((c) => c.id === values.categoryId);
  // Known after hydration only, so the server's and the browser's first render agree.
  const [siteOrigin, setSiteOrigin] = useState<string | null>(null);
  useEffect(() => setSiteOrigin(window.location.origin), []);

  async function readPage() {
    const url = values.originalUrl.trim();
    if (!url || fetching) return;
    setFetching(true);
    setShared(null);
    // Two calls that fail apart: a page that cannot be read still shows that the link was shared.
    const [existing, info] = await Promise.allSettled([
      apiFetch<{ entry: SharedEntry | null }>(`/api/timeline/get_entry_by_url?url=${encodeURIComponent(url)}`),
      apiFetch<PageInfo>(`/api/post/page/info?url=${encodeURIComponent(url)}`),
    ]);
    if (existing.status === 'fulfilled' && existing.value.entry && existing.value.entry.id !== entryId) {
      setShared(existing.value.entry);
    }
    setFetchedUrl(url);
    if (info.status === 'fulfilled') {
      const page = info.value;
      setValues((current) => ({
        ...current,
        title: page.title || current.title,
        abstract: page.description || current.abstract,
        screenshot: page.screenshot || current.screenshot,
      }));
    } else {
      alerts.pushError(info.reason);
    }
    if (existing.status === 'rejected' && info.status === 'fulfilled') alerts.pushError(existing.reason);
    setFetching(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = firstProblem(values);
    if (problem) {
      alerts.push({ type: 'error', message: problem });
      return;
    }
    setSaving(true);
    const form = {
      originalUrl: values.originalUrl.trim(),
      title: values.title.trim(),
      type: 'article',
      content: values.content,
      abstract: values.abstract.trim(),
      screenshot: values.screenshot.trim(),
      category: values.categoryId,
      tags: values.tags.map((t) => t.id).join('|'),
      vote: values.vote,
      options: values.vote ? filledOptions(values) : undefined,
      original: values.original,
      gfw: values.gfw,
      english: values.english,
    };
    try {
      const result = entryId
        ? await apiFetch<{ entryId: string }>('/api/post/entryUpdate', { json: { ...form, entryId } })
        : await apiFetch<{ entryId: string }>('/api/post/entryPublish', { json: form });
      alerts.push({ type: 'success', message: entryId ? '已保存' : '发布成功' });
      navigate(`/entry/${result.entryId}`);
    } catch (error) {
      alerts.pushError(error);
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-5 rounded bg-card px-4 py-6 sm:px-8" noValidate>
      <Field label="链接" htmlFor={ids.url}>
        <div className="flex gap-2">
          <input
            id={ids.url}
            type="url"
            inputMode="url"
            value={values.originalUrl}
            maxLength={ENTRY_LIMITS.urlMax}
            onChange={(event) => set({ originalUrl: event.target.value })}
            onBlur={() => {
              if (values.originalUrl.trim() && values.originalUrl.trim() !== fetchedUrl) void readPage();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void readPage();
              }
            }}
            placeholder="粘贴要分享的文章链接"
            className={inputClass}
          />
          <Button variant="secondary" size="md" onClick={readPage} disabled={fetching || !values.originalUrl.trim()}>
            <Link2 size={16} strokeWidth={1.75} aria-hidden="true" />
            {fetching ? '读取中...' : '读取'}
          </Button>
        </div>
        {shared && (
          <p role="status" className="mt-2 text-fg-2 text-sm">
            这个链接已经有人分享过：
            <Link to={`/entry/${shared.id}`} className="text-brand hover:underline">
              {shared.title}
            </Link>
          </p>
        )}
      </Field>
      <Field label="标题" htmlFor={ids.title}>
        <input
          id={ids.title}
          value={values.title}
          maxLength={ENTRY_LIMITS.titleMax}
          onChange={(event) => set({ title: event.target.value })}
          placeholder="文章标题"
          className={inputClass}
        />
      </Field>
      <Field label="描述" htmlFor={ids.abstract}>
        <textarea
          id={ids.abstract}
          value={values.abstract}
          maxLength={ENTRY_LIMITS.abstractMax}
          rows={3}
          onChange={(event) => set({ abstract: event.target.value })}
          placeholder="一句话介绍这篇文章（选填）"
          className={`${inputClass} h-auto py-2 leading-relaxed`}
        />
      </Field>
      <Field label="封面" htmlFor={ids.screenshot}>
        <input
          id={ids.screenshot}
          type="url"
          value={values.screenshot}
          maxLength={ENTRY_LIMITS.urlMax}
          onChange={(event) => set({ screenshot: event.target.value })}
          placeholder="封面图链接（选填）"
          className={inputClass}
        />
        {canPreview(values.screenshot, siteOrigin) && (
          <img
            src={values.screenshot}
            alt="封面预览"
            width={240}
            height={160}
            className="mt-2 h-32 w-48 rounded border border-line bg-line object-cover"
          />
        )}
      </Field>
      <Field label="分类" htmlFor={ids.category}>
        <select
          id={ids.category}
          value={values.categoryId}
          onChange={(event) => set({ categoryId: event.target.value })}
          className={inputClass}
        >
          <option value="">请选择分类</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </Field>
      <Field label="标签">
        <TagPicker category={category} tags={values.tags} onChange={(tags) => set({ tags })} />
      </Field>
      <Field label="选项">
        <div className="flex flex-wrap gap-x-5 gap-y-2 pt-2">
          <Flag label="投票" checked={values.vote} disabled={values.votesCast} onChange={(vote) => set({ vote })} />
          <Flag label="原创" checked={values.original} onChange={(original) => set({ original })} />
          <Flag label="需翻墙" checked={values.gfw} onChange={(gfw) => set({ gfw })} />
          <Flag label="英文" checked={values.english} onChange={(english) => set({ english })} />
        </div>
      </Field>
      {values.vote && (
        <Field label="投票选项">
          <VoteOptionsField
            options={values.voteOptions}
            locked={values.votesCast}
            onChange={(voteOptions) => set({ voteOptions })}
          />
        </Field>
      )}
      <div className="flex justify-end gap-3 border-line border-t pt-5">
        <Button type="submit" size="md" disabled={saving}>
          {saving ? '提交中...' : entryId ? '保存修改' : '发布'}
        </Button>
      </div>
    </form>
  );
}
