import { Mail, MessageSquare } from '~/ui/icons.tsx';
import { Fragment } from 'react';
import { loadOutboxPage } from '~/features/auth/auth.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import { PageContainer } from '~/ui/page-layout.tsx';
import type { Route } from './+types/dev-outbox';
import { PRIVATE_NO_STORE } from '@core/cache-control.ts';

/**
 * /dev/outbox (not in production): the mails and SMS codes that no outside provider sent, newest
 * first, so a developer (or a browser journey) can read a code or open a link.
 */
export function loader({ context }: Route.LoaderArgs) {
  return loadOutboxPage(context);
}

/** Codes, links and addresses are personal: never kept by a shared cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, '开发发件箱'),
  { name: 'robots', content: 'noindex' },
];

/** Links in a body become clickable; the rest stays text. Keys are the parts' offsets. */
function BodyText({ text }: { text: string }) {
  const parts: Array<{ at: number; text: string; link: boolean }> = [];
  let at = 0;
  for (const piece of text.split(/(https?:\/\/[^\s]+)/g)) {
    if (piece) parts.push({ at, text: piece, link: /^https?:\/\//.test(piece) });
    at += piece.length;
  }
  return (
    <p className="mt-2 whitespace-pre-wrap break-all text-fg text-sm">
      {parts.map((part) =>
        part.link ? (
          <a key={part.at} href={part.text} className="text-brand underline">
            {part.text}
          </a>
        ) : (
          <Fragment key={part.at}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}

export default function DevOutboxPage({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <PageContainer>
      <section className="mx-auto max-w-[820px]">
        <h1 className="font-semibold text-fg text-xl">开发发件箱</h1>
        <p className="mt-1 text-fg-2 text-sm">
          未配置 SMTP_URL 或短信服务时，邮件和短信验证码保存在这里（最新 50 条，仅开发环境可见）。
        </p>
        {rows.length === 0 ? (
          <p className="mt-6 rounded-lg bg-card p-8 text-center text-fg-2">发件箱是空的</p>
        ) : (
          <ol className="mt-4 space-y-3" aria-label="发件箱">
            {rows.map((row) => (
              <li
                key={row.id}
                className="rounded-lg bg-card p-4"
                data-channel={row.channel}
                data-recipient={row.recipient}
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-fg-2 text-sm">
                  {row.channel === 'mail' ? (
                    <Mail aria-hidden size={16} strokeWidth={1.75} />
                  ) : (
                    <MessageSquare aria-hidden size={16} strokeWidth={1.75} />
                  )}
                  <span className="font-medium text-fg">{row.channel === 'mail' ? '邮件' : '短信'}</span>
                  <span className="break-all">收件人 {row.recipient}</span>
                  <time dateTime={row.createdAt} className="ml-auto text-fg-3 text-xs">
                    {new Date(row.createdAt).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false })}
                  </time>
                </div>
                {row.channel === 'mail' && row.subject && <h2 className="mt-2 font-semibold text-fg">{row.subject}</h2>}
                <BodyText text={row.body} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </PageContainer>
  );
}
