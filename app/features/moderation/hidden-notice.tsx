import { type HideableTarget, MODERATION_LIMITS, MODERATION_TARGETS } from '@core/moderation.ts';
import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useAlerts } from '~/lib/alerts.ts';
import { Button } from '~/ui/button.tsx';
import { appealHidden } from './moderation-api.ts';

export interface ModerationStateView {
  hidden: boolean;
  reason: string;
  hiddenAt: string | null;
  canAppeal: boolean;
  appealed: boolean;
}

/**
 * Visible moderation: the author (or an administrator) of hidden content reads why it was
 * hidden, and the author may appeal once with a text; the appeal goes to the administrators' queue.
 */
export function HiddenNotice({
  state,
  targetType,
  targetId,
}: {
  state: ModerationStateView;
  targetType: HideableTarget;
  targetId: string;
}) {
  const alerts = useAlerts();
  const revalidator = useRevalidator();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      alerts.push({ type: 'error', message: '请填写申诉理由' });
      return;
    }
    setBusy(true);
    try {
      await appealHidden({ targetType, targetId, text: text.trim() });
      alerts.push({ type: 'success', message: '申诉已提交，请等待管理员复核' });
      setText('');
      void revalidator.revalidate();
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      role="status"
      aria-label="内容已隐藏"
      className="mb-4 rounded border border-amber-400/60 bg-amber-50 px-4 py-3 text-sm dark:bg-amber-950/30"
    >
      <p className="font-medium text-fg">此{MODERATION_TARGETS[targetType]}已被管理员隐藏，其他人看不到它。</p>
      <p className="mt-1 text-fg-2">原因：{state.reason || '违反社区规范'}</p>
      {state.appealed && <p className="mt-1 text-fg-2">你的申诉已提交，管理员复核后会通过系统通知告诉你结果。</p>}
      {state.canAppeal && (
        <form onSubmit={submit} className="mt-3 space-y-2" aria-label="申诉">
          <label htmlFor="appeal-text" className="block text-fg-2">
            如有异议，你可以申诉一次：
          </label>
          <textarea
            id="appeal-text"
            value={text}
            rows={3}
            maxLength={MODERATION_LIMITS.appealTextMax}
            onChange={(e) => setText(e.target.value)}
            placeholder="申诉理由"
            className="w-full resize-none rounded border border-line bg-card px-3 py-2 text-fg outline-none focus:border-brand"
          />
          <Button type="submit" size="md" disabled={busy}>
            提交申诉
          </Button>
        </form>
      )}
    </section>
  );
}
