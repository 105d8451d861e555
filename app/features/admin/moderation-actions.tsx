import { useState } from 'react';
import { apiFetch } from '~/lib/api-client.ts';
import { useApiAction } from '~/lib/use-api-action.ts';
import { Button } from '~/ui/button.tsx';

type Hideable = 'entry' | 'comment' | 'pin';

/** Runs a console call (a POST), shows its result and reloads the page's data. */
function useConsoleCall() {
  const action = useApiAction();
  const run = (path: string, json: unknown, success: string) =>
    action.run(() => apiFetch(path, { method: 'POST', json }), { success });
  return { busy: action.busy, run };
}

/** 隐藏 (asks for the reason), 恢复 (admins), and for entries 推荐 / 取消推荐. */
export function ContentActions({
  type,
  id,
  hidden,
  hot,
  isAdmin,
}: {
  type: Hideable;
  id: string;
  hidden: boolean;
  hot: boolean;
  isAdmin: boolean;
}) {
  const { busy, run } = useConsoleCall();
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {type === 'entry' && !hidden && (
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            run(`/api/post/${hot ? 'unrecommend' : 'recommend'}`, { entryId: id }, hot ? '已取消推荐' : '已推荐')
          }
        >
          {hot ? '取消推荐' : '推荐'}
        </Button>
      )}
      {hidden
        ? isAdmin && (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => run('/api/admin/restore', { targetType: type, targetId: id }, '已恢复')}
            >
              恢复
            </Button>
          )
        : !asking && (
            <Button variant="secondary" disabled={busy} onClick={() => setAsking(true)}>
              隐藏
            </Button>
          )}
      {asking && !hidden && (
        <form
          className="flex items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run('/api/admin/hide', { targetType: type, targetId: id, reason }, '已隐藏').then(() =>
              setAsking(false),
            );
          }}
        >
          <input
            aria-label="隐藏原因"
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
            placeholder="隐藏原因"
            className="h-8 w-40 rounded border border-line bg-page px-2 text-sm"
          />
          <Button type="submit" disabled={busy}>
            确认隐藏
          </Button>
        </form>
      )}
    </div>
  );
}

/** A report: 隐藏 / 驳回 / 已处理; an appeal: 恢复 / 维持隐藏. */
export function ReportActions({
  reportId,
  kind,
  hideable,
}: {
  reportId: string;
  kind: 'report' | 'appeal';
  hideable: boolean;
}) {
  const { busy, run } = useConsoleCall();
  const [reason, setReason] = useState('');
  const act = (action: 'hide' | 'dismiss' | 'restore' | 'uphold', done: string) =>
    run('/api/admin/reports/resolve', { reportId, action, reason: reason.trim() || undefined }, done);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        aria-label="处理说明"
        value={reason}
        maxLength={200}
        onChange={(e) => setReason(e.target.value)}
        placeholder="说明（选填）"
        className="h-8 w-36 rounded border border-line bg-page px-2 text-sm"
      />
      {kind === 'appeal' ? (
        <>
          <Button disabled={busy} onClick={() => act('restore', '已恢复')}>
            恢复
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => act('uphold', '已维持隐藏')}>
            维持隐藏
          </Button>
        </>
      ) : (
        <>
          {hideable && (
            <Button disabled={busy} onClick={() => act('hide', '已隐藏')}>
              隐藏
            </Button>
          )}
          {!hideable && (
            <Button disabled={busy} onClick={() => act('uphold', '已处理')}>
              已处理
            </Button>
          )}
          <Button variant="secondary" disabled={busy} onClick={() => act('dismiss', '已驳回')}>
            驳回
          </Button>
        </>
      )}
    </div>
  );
}
