import { type HideableTarget, MODERATION_LIMITS, MODERATION_TARGETS } from '@core/moderation.ts';
import { type FormEvent, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { useApiAction } from '~/lib/use-api-action.ts';
import { Button } from '~/ui/button.tsx';
import { appealHidden } from './moderation-api.ts';

export interface ModerationStateView {
  hidden: boolean;
  reason: string;
  hiddenAt: string | null;
  canAppeal: boolean;
  appealed: boolean;
}

/** The author's one appeal: a text to the administrators' queue; the server refuses a second. */
function AppealForm({
  targetType,
  targetId,
  id,
  onDone,
}: {
  targetType: HideableTarget;
  targetId: string;
  id: string;
  onDone?: () => void;
}) {
  const alerts = useAlerts();
  const { busy, run } = useApiAction();

  // The field is uncontrolled and read on submit: words typed before React hydrates the notice stay.
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const text = String(new FormData(form).get('text') ?? '').trim();
    if (!text) {
      alerts.push({ type: 'error', message: '请填写申诉理由' });
      return;
    }
    await run(() => appealHidden({ targetType, targetId, text }), {
      success: '申诉已提交，请等待管理员复核',
      done: () => {
        form.reset();
        onDone?.();
      },
    });
  }

  return (
    <form onSubmit={submit} className="mt-3 space-y-2" aria-label="申诉">
      <label htmlFor={id} className="block text-fg-2">
        如有异议，你可以申诉一次：
      </label>
      <textarea
        id={id}
        name="text"
        rows={3}
        maxLength={MODERATION_LIMITS.appealTextMax}
        placeholder="申诉理由"
        className="w-full resize-none rounded border border-line bg-card px-3 py-2 text-fg outline-none focus:border-brand"
      />
      <Button type="submit" size="md" disabled={busy}>
        提交申诉
      </Button>
    </form>
  );
}

const NOTICE_CLASS = 'rounded border border-amber-400/60 bg-amber-50 text-sm dark:bg-amber-950/30';

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
  return (
    <section role="status" aria-label="内容已隐藏" className={`mb-4 px-4 py-3 ${NOTICE_CLASS}`}>
      <p className="font-medium text-fg">此{MODERATION_TARGETS[targetType]}已被管理员隐藏，其他人看不到它。</p>
      <p className="mt-1 text-fg-2">原因：{state.reason || '违反社区规范'}</p>
      {state.appealed && <p className="mt-1 text-fg-2">你的申诉已提交，管理员复核后会通过系统通知告诉你结果。</p>}
      {state.canAppeal && <AppealForm targetType={targetType} targetId={targetId} id={`appeal-${targetId}`} />}
    </section>
  );
}

/**
 * The same mark inside a list (a comment its author or an administrator reads): the reason, and
 * for the author a 申诉 link that opens the form (a second appeal is refused in words by the server).
 */
export function HiddenMark({
  targetType,
  targetId,
  reason,
  canAppeal,
}: {
  targetType: HideableTarget;
  targetId: string;
  reason: string;
  canAppeal: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div role="status" aria-label="内容已隐藏" className={`mt-2 px-3 py-2 ${NOTICE_CLASS}`}>
      <p className="text-fg-2">
        <span className="font-medium text-fg">已被管理员隐藏，其他人看不到此{MODERATION_TARGETS[targetType]}。</span>
        原因：{reason || '违反社区规范'}
        {canAppeal && !open && (
          <button type="button" onClick={() => setOpen(true)} className="ml-2 text-brand hover:underline">
            申诉
          </button>
        )}
      </p>
      {open && (
        <AppealForm
          targetType={targetType}
          targetId={targetId}
          id={`appeal-${targetId}`}
          onDone={() => setOpen(false)}
        />
      )}
    </div>
  );
}
