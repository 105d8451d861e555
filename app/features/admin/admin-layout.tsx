import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Link, NavLink } from 'react-router';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import type { AdminNavItem } from './admin-nav.ts';

/** The console: its navigation (ADMIN_NAV, filtered by role) beside the page. */
export function AdminLayout({ nav, children }: { nav: AdminNavItem[]; children: ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-[1140px] grid-cols-1 gap-5 px-4 py-5 md:grid-cols-[180px_minmax(0,1fr)]">
      <nav aria-label="管理后台" className="h-fit rounded bg-card py-2">
        <p className="px-4 py-2 font-semibold text-fg">管理后台</p>
        <ul className="flex gap-1 overflow-x-auto px-2 md:flex-col">
          {nav.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end
                className={({ isActive }) =>
                  `block whitespace-nowrap rounded px-3 py-2 text-sm transition-colors duration-150 ${
                    isActive ? 'bg-brand/10 font-medium text-brand' : 'text-fg-2 hover:text-brand'
                  }`
                }
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/** A console page's card: a title, optional tools on the right, the content. */
export function AdminPanel({ title, tools, children }: { title: string; tools?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded bg-card" aria-label={title}>
      <header className="flex flex-wrap items-center justify-between gap-3 border-line border-b px-5 py-3">
        <h1 className="font-semibold text-[16px] text-fg">{title}</h1>
        {tools}
      </header>
      <div className="p-5">{children}</div>
    </section>
  );
}

/**
 * A console filter's select: an option per entry of `options` (value → label), after an
 * `all` option with the empty value when given.
 */
export function FilterSelect({
  options,
  all,
  className = 'h-8 rounded border border-line bg-page px-2',
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { options: Readonly<Record<string, string>>; all?: string }) {
  return (
    <select className={className} {...props}>
      {all !== undefined && <option value="">{all}</option>}
      {Object.entries(options).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}

/** A console filter form's submit button. */
export function FilterButton({ children = '筛选' }: { children?: ReactNode }) {
  return (
    <button type="submit" className="btn btn-secondary btn-sm">
      {children}
    </button>
  );
}

/** 下一页 under a console list: the same filters (the empty ones left out) and the next pointer. */
export function NextPageLink({
  filters = {},
  pointer,
}: {
  filters?: Readonly<Record<string, string | null | undefined>>;
  pointer: string | null | undefined;
}) {
  if (!pointer) return null;
  const kept = Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return (
    <div className="mt-4 text-center">
      <Link to={`?${new URLSearchParams([...kept, ['pointer', pointer]])}`} className="btn btn-secondary btn-sm">
        下一页
      </Link>
    </div>
  );
}

/** A console row's 编辑 and 删除, labelled with the row's name for screen readers. */
export function EditRemoveButtons({
  name,
  onEdit,
  onRemove,
}: {
  name: string;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <>
      <button type="button" className="mr-3 text-brand hover:underline" onClick={onEdit} aria-label={`编辑 ${name}`}>
        编辑
      </button>
      <button type="button" className="text-danger hover:underline" onClick={onRemove} aria-label={`删除 ${name}`}>
        删除
      </button>
    </>
  );
}

/** 删除…: the console's confirmation before a row is deleted for good (open while `name` is given). */
export function ConfirmRemoveDialog({
  what,
  name,
  onCancel,
  busy,
  onConfirm,
}: {
  what: string;
  name: string | undefined;
  onCancel: () => void;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={name !== undefined}
      onOpenChange={(open) => !open && onCancel()}
      title={`删除${what}`}
      description={`确定删除“${name ?? ''}”吗？删除后无法恢复。`}
      confirmLabel="删除"
      danger
      busy={busy}
      busyLabel="删除中..."
      onConfirm={onConfirm}
    />
  );
}
