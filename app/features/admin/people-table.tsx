import { ASSIGNABLE_ROLES, type AssignableRole } from '@core/permissions.ts';
import { formatDate } from '@core/format.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiFetch } from '~/lib/api-client.ts';
import { useApiAction } from '~/lib/use-api-action.ts';
import { AdminTable } from '~/ui/admin-table.tsx';
import { Button } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { TitledDialog } from '~/ui/titled-dialog.tsx';

export interface AdminPersonRow {
  id: string;
  username: string;
  email: string | null;
  mobilePhoneNumber: string | null;
  role: string;
  isXiaoceAuthor: boolean;
  mustResetPassword: boolean;
  suspendedUntil: string | null;
  suspendReason: string;
  createdAt: string;
}

export const ROLE_LABELS: Record<string, string> = { guest: '游客', user: '普通用户', editor: '编辑', admin: '管理员' };

/** An action waiting for its confirmation. */
type Pending =
  | { kind: 'role'; person: AdminPersonRow; role: AssignableRole }
  | { kind: 'author'; person: AdminPersonRow }
  | { kind: 'unsuspend'; person: AdminPersonRow }
  | { kind: 'reset'; person: AdminPersonRow };

/** The day after today in China (the earliest end a suspension can have), as YYYY-MM-DD. */
function tomorrow(): string {
  return new Date(Date.now() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The people screen's table: role (a select, confirmed), booklet author (toggle, confirmed),
 * suspension (a dialog with the reason and the end date; lifting confirmed) and 强制重置密码.
 */
export function PeopleTable({ list, viewerId }: { list: AdminPersonRow[]; viewerId: string }) {
  const { busy, run } = useApiAction();
  const [pending, setPending] = useState<Pending | null>(null);
  const [suspending, setSuspending] = useState<AdminPersonRow | null>(null);

  const post = (path: string, json: unknown, success: string, done: () => void) =>
    run(() => apiFetch(path, { json }), { success, done });

  async function confirm() {
    if (!pending) return;
    const { person } = pending;
    const close = () => setPending(null);
    if (pending.kind === 'role') {
      await post('/api/admin/people/update', { userId: person.id, role: pending.role }, '角色已修改', close);
    } else if (pending.kind === 'author') {
      await post(
        '/api/admin/people/update',
        { userId: person.id, isXiaoceAuthor: !person.isXiaoceAuthor },
        person.isXiaoceAuthor ? '已取消小册作者' : '已设为小册作者',
        close,
      );
    } else if (pending.kind === 'unsuspend') {
      await post('/api/admin/suspend', { userId: person.id, until: null }, '已解除封禁', close);
    } else {
      await post('/api/user/v1/forcePasswordReset', { userId: person.id }, '已要求重置密码', close);
    }
  }

  const question = pending
    ? {
        role: {
          title: '修改角色',
          text: `确定将 ${pending.person.username} 的角色改为“${ROLE_LABELS[pending.kind === 'role' ? pending.role : ''] ?? ''}”吗？`,
          label: '修改',
        },
        author: {
          title: pending.person.isXiaoceAuthor ? '取消小册作者' : '设为小册作者',
          text: pending.person.isXiaoceAuthor
            ? `${pending.person.username} 将不能再写小册。`
            : `${pending.person.username} 将可以撰写小册。`,
          label: '确定',
        },
        unsuspend: { title: '解除封禁', text: `${pending.person.username} 将可以重新发布内容。`, label: '解除' },
        reset: {
          title: '强制重置密码',
          text: `${pending.person.username} 的所有登录将失效，下次登录时必须先重置密码。`,
          label: '强制重置',
        },
      }[pending.kind]
    : null;

  return (
    <>
      <AdminTable
        label="用户"
        rows={list}
        rowKey={(p) => p.id}
        rowProps={(p) => ({ 'data-person-id': p.id })}
        empty="没有找到用户"
        columns={[
          {
            header: '用户',
            className: 'min-w-[160px]',
            cell: (p) => (
              <>
                <Link to={`/user/${p.id}`} className="font-medium hover:text-brand">
                  {p.username}
                </Link>
                <p className="font-mono text-fg-3 text-xs">{p.id}</p>
                <p className="text-fg-3 text-xs">{[p.mobilePhoneNumber, p.email].filter(Boolean).join(' · ')}</p>
              </>
            ),
          },
          {
            header: '角色',
            cell: (p) =>
              p.id === viewerId ? (
                ROLE_LABELS[p.role]
              ) : (
                <select
                  aria-label={`${p.username} 的角色`}
                  value={p.role}
                  disabled={busy}
                  onChange={(e) => setPending({ kind: 'role', person: p, role: e.target.value as AssignableRole })}
                  className="h-8 rounded border border-line bg-page px-2"
                >
                  {ASSIGNABLE_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
              ),
          },
          {
            header: '小册作者',
            cell: (p) => (
              <label className="flex items-center gap-1.5 whitespace-nowrap">
                <input
                  type="checkbox"
                  checked={p.isXiaoceAuthor}
                  disabled={busy}
                  onChange={() => setPending({ kind: 'author', person: p })}
                  aria-label={`${p.username} 是小册作者`}
                />
                {p.isXiaoceAuthor ? '是' : '否'}
              </label>
            ),
          },
          {
            header: '状态',
            className: 'min-w-[120px]',
            cell: (p) => (
              <>
                {p.suspendedUntil ? (
                  <p className="text-danger">
                    封禁至 {formatDate(p.suspendedUntil)}
                    <span className="block text-fg-3 text-xs">原因：{p.suspendReason}</span>
                  </p>
                ) : (
                  <p className="text-fg-2">正常</p>
                )}
                {p.mustResetPassword && <p className="text-fg-3 text-xs">待重置密码</p>}
              </>
            ),
          },
          {
            header: '操作',
            cell: (p) =>
              p.id === viewerId ? (
                <span className="text-fg-3">—</span>
              ) : (
                <span className="flex flex-wrap gap-2">
                  {p.suspendedUntil ? (
                    <Button
                      variant="secondary"
                      disabled={busy}
                      onClick={() => setPending({ kind: 'unsuspend', person: p })}
                    >
                      解除封禁
                    </Button>
                  ) : (
                    <Button variant="secondary" disabled={busy} onClick={() => setSuspending(p)}>
                      封禁
                    </Button>
                  )}
                  <Button variant="secondary" disabled={busy} onClick={() => setPending({ kind: 'reset', person: p })}>
                    强制重置密码
                  </Button>
                </span>
              ),
          },
        ]}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={question?.title ?? ''}
        description={question?.text ?? ''}
        confirmLabel={question?.label ?? '确定'}
        danger={pending?.kind === 'reset'}
        busy={busy}
        busyLabel="提交中..."
        onConfirm={() => void confirm()}
      />
      {suspending && (
        <SuspendDialog
          person={suspending}
          busy={busy}
          onClose={() => setSuspending(null)}
          onSubmit={async (until, reason) => {
            await post('/api/admin/suspend', { userId: suspending.id, until, reason }, '已封禁', () =>
              setSuspending(null),
            );
          }}
        />
      )}
    </>
  );
}

/** 封禁: the reason (shown to the person) and the day it ends (midnight, China time). */
function SuspendDialog({
  person,
  busy,
  onClose,
  onSubmit,
}: {
  person: AdminPersonRow;
  busy: boolean;
  onClose: () => void;
  onSubmit: (until: string, reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [date, setDate] = useState(tomorrow);
  const field = 'h-9 w-full rounded border border-line bg-card px-3 outline-none focus:border-brand';
  return (
    <TitledDialog title={`封禁 ${person.username}`} widthClass="w-[400px] max-w-[calc(100vw-32px)]" onClose={onClose}>
      <form
        className="space-y-3 p-5 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit(`${date}T00:00:00+08:00`, reason.trim());
        }}
      >
        <p className="text-fg-2">封禁期间可以浏览，但不能发布、评论或点赞，并会看到原因。</p>
        <label htmlFor="suspend-reason" className="block text-fg-2">
          原因
        </label>
        <input
          id="suspend-reason"
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
          className={field}
        />
        <label htmlFor="suspend-until" className="block text-fg-2">
          封禁至（北京时间当日 0 点）
        </label>
        <input
          id="suspend-until"
          type="date"
          value={date}
          min={tomorrow()}
          onChange={(e) => setDate(e.target.value)}
          className={field}
        />
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" disabled={busy} className="bg-danger hover:bg-danger/90">
            {busy ? '提交中...' : '确认封禁'}
          </Button>
        </div>
      </form>
    </TitledDialog>
  );
}
