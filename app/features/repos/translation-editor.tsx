import { formatCount } from '@core/format.ts';
import { LIMITS } from '@core/constants.ts';
import { TRANSLATION_LIMITS, TRANSLATION_MESSAGES, type TranslationField, charCount } from '@core/repos.ts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { useRequireLogin } from '~/lib/auth-modal.ts';
import { useViewer } from '~/lib/root-data.ts';
import { Button } from '~/ui/button.tsx';
import { ThumbsUp } from '~/ui/icons.tsx';
import { LoadMoreButton } from '~/ui/load-more-button.tsx';
import type { TranslationPage, TranslationView } from './types.ts';

export interface CaptchaControl {
  captcha: { imageStr: string; imageToken: string; answer?: string } | null;
  failed: boolean;
  refresh: () => Promise<void> | void;
}

const NEW = 'new';
const LABELS: Record<TranslationField, { heading: string; write: string; path: string }> = {
  title: { heading: '标题翻译', write: '写一个新的标题翻译', path: '/api/repo/get_chtitles' },
  description: { heading: '描述翻译', write: '写一个新的描述翻译', path: '/api/repo/get_chdescriptions' },
};

interface FieldState {
  list: TranslationView[];
  total: number;
  choice: string;
  text: string;
}

function initial(page: TranslationPage): FieldState {
  return { list: page.list, total: page.total, choice: page.list[0]?.id ?? NEW, text: '' };
}

/**
 * /repo/{id}/edit: for the title and the description, pick an existing translation or write a
 * new one, then send both with the image captcha (/trans_repo). Each translation can also get
 * the person's vote (one per field); the most voted is the one shown on the repo.
 */
export function TranslationEditor({
  repoId,
  original,
  titles,
  descriptions,
  captcha,
}: {
  repoId: string;
  original: { name: string; description: string };
  titles: TranslationPage;
  descriptions: TranslationPage;
  captcha: CaptchaControl;
}) {
  const viewer = useViewer();
  const requireLogin = useRequireLogin();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [fields, setFields] = useState<Record<TranslationField, FieldState>>({
    title: initial(titles),
    description: initial(descriptions),
  });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [loading, setLoading] = useState<TranslationField | null>(null);

  const update = (field: TranslationField, patch: Partial<FieldState>) =>
    setFields((all) => ({ ...all, [field]: { ...all[field], ...patch } }));

  async function more(field: TranslationField) {
    setLoading(field);
    try {
      const state = fields[field];
      const page = await apiFetch<TranslationPage>(
        `${LABELS[field].path}?repoId=${repoId}&limit=10&skip=${state.list.length}`,
      );
      const known = new Set(state.list.map((t) => t.id));
      update(field, { list: [...state.list, ...page.list.filter((t) => !known.has(t.id))], total: page.total });
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setLoading(null);
    }
  }

  async function vote(field: TranslationField, translation: TranslationView) {
    try {
      requireLogin();
      const result = await apiFetch<{ voteCount: number }>('/api/repo/vote_translation', {
        json: { translationId: translation.id },
      });
      const list = fields[field].list.map((t) => {
        if (t.id === translation.id) return { ...t, voted: true, voteCount: result.voteCount };
        // The vote moved away from the one voted before.
        if (t.voted) return { ...t, voted: false, voteCount: Math.max(0, t.voteCount - 1) };
        return t;
      });
      update(field, { list });
    } catch (error) {
      alerts.pushError(error);
    }
  }

  function validate(): string | null {
    for (const field of ['title', 'description'] as const) {
      const state = fields[field];
      if (state.choice !== NEW) continue;
      const text = state.text.replace(/\s+/g, ' ').trim();
      if (!text) return field === 'title' ? TRANSLATION_MESSAGES.titleMissing : TRANSLATION_MESSAGES.descriptionMissing;
      if (charCount(text) > TRANSLATION_LIMITS[field]) {
        return field === 'title' ? TRANSLATION_MESSAGES.titleTooLong : TRANSLATION_MESSAGES.descriptionTooLong;
      }
    }
    if (code.trim().length !== LIMITS.captcha) return '请填写图形验证码';
    return null;
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    try {
      requireLogin();
    } catch {
      return;
    }
    const problem = validate();
    if (problem) {
      alerts.push({ type: 'error', message: problem });
      return;
    }
    const body: Record<string, string> = { repoId, vcode: code.trim(), token: captcha.captcha?.imageToken ?? '' };
    for (const field of ['title', 'description'] as const) {
      const state = fields[field];
      if (state.choice === NEW) body[field] = state.text;
      else body[`${field}Id`] = state.choice;
    }
    setBusy(true);
    try {
      await apiFetch('/api/repo/trans_repo', { json: body });
      alerts.push({ type: 'success', message: '翻译已提交，感谢你的贡献' });
      navigate(`/repo/${repoId}`);
    } catch (error) {
      alerts.pushError(error);
      setCode('');
      void captcha.refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-6" aria-label="翻译">
      {(['title', 'description'] as const).map((field) => {
        const state = fields[field];
        const name = `${field}-choice`;
        return (
          <fieldset key={field} className="rounded bg-card px-4 py-5 sm:px-6" data-testid={`${field}-translations`}>
            <legend className="sr-only">{LABELS[field].heading}</legend>
            <h2 className="font-medium text-base">
              {LABELS[field].heading}
              <span className="ml-2 font-normal text-[13px] text-fg-3">共 {state.total} 个</span>
            </h2>
            <p className="mt-1 text-fg-3 text-sm">
              原文：{field === 'title' ? original.name : original.description || '（无）'}
            </p>
            <ul className="mt-3 divide-y divide-line">
              {state.list.map((t) => (
                <li key={t.id} className="flex items-start gap-3 py-3">
                  <input
                    type="radio"
                    name={name}
                    id={`${field}-${t.id}`}
                    value={t.id}
                    checked={state.choice === t.id}
                    onChange={() => update(field, { choice: t.id })}
                    className="mt-1"
                  />
                  <label htmlFor={`${field}-${t.id}`} className="min-w-0 flex-1 cursor-pointer">
                    <span className="block text-fg">{t.content}</span>
                    <span className="text-[13px] text-fg-3">{t.user.username}</span>
                  </label>
                  <button
                    type="button"
                    onClick={() => vote(field, t)}
                    aria-pressed={t.voted}
                    aria-label={`投票给「${t.content}」，已有 ${t.voteCount} 票`}
                    className={`inline-flex h-7 shrink-0 items-center gap-1 rounded border px-2 text-[13px] ${
                      t.voted ? 'border-brand text-brand' : 'border-line text-fg-2 hover:border-brand hover:text-brand'
                    }`}
                  >
                    <ThumbsUp size={14} aria-hidden />
                    <span data-testid="vote-count">{formatCount(t.voteCount)}</span>
                  </button>
                </li>
              ))}
              <li className="flex items-start gap-3 py-3">
                <input
                  type="radio"
                  name={name}
                  id={`${field}-new`}
                  value={NEW}
                  checked={state.choice === NEW}
                  onChange={() => update(field, { choice: NEW })}
                  className="mt-1"
                />
                <div className="min-w-0 flex-1">
                  <label htmlFor={`${field}-new`} className="cursor-pointer text-fg-2">
                    {LABELS[field].write}
                  </label>
                  {state.choice === NEW && (
                    <textarea
                      aria-label={LABELS[field].write}
                      value={state.text}
                      onChange={(e) => update(field, { text: e.target.value })}
                      rows={field === 'title' ? 1 : 3}
                      maxLength={TRANSLATION_LIMITS[field] * 2}
                      placeholder={`不超过 ${TRANSLATION_LIMITS[field]} 字`}
                      className="mt-2 w-full rounded border border-line bg-card p-2 text-sm outline-none focus:border-brand"
                    />
                  )}
                </div>
              </li>
            </ul>
            {state.list.length < state.total && (
              <LoadMoreButton loading={loading === field} onClick={() => void more(field)} />
            )}
          </fieldset>
        );
      })}
      <div className="flex flex-wrap items-end gap-3 rounded bg-card px-4 py-5 sm:px-6">
        {viewer ? (
          <>
            <label className="block text-sm">
              <span className="text-fg-2">图形验证码</span>
              <input
                value={code}
                onChange={(e) => setCode(e.target.value)}
                maxLength={LIMITS.captcha}
                autoComplete="off"
                className="mt-1 block h-9 w-28 rounded border border-line bg-card px-2 outline-none focus:border-brand"
              />
            </label>
            <button
              type="button"
              onClick={() => void captcha.refresh()}
              title="看不清？换一张"
              className="h-9 overflow-hidden rounded border border-line"
            >
              {captcha.captcha ? (
                <img src={captcha.captcha.imageStr} alt="图形验证码" width={100} height={36} />
              ) : (
                <span className="px-2 text-[13px] text-fg-3">{captcha.failed ? '加载失败，点击重试' : '加载中…'}</span>
              )}
            </button>
            <Button type="submit" size="md" disabled={busy} className="ml-auto">
              {busy ? '提交中...' : '提交翻译'}
            </Button>
          </>
        ) : (
          <>
            <p className="text-fg-2 text-sm">登录后才能提交翻译和投票</p>
            <Button type="submit" size="md" className="ml-auto">
              登录后提交
            </Button>
          </>
        )}
      </div>
    </form>
  );
}
