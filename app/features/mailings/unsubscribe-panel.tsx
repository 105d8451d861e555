import { useState } from 'react';
import { Link } from 'react-router';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { buttonClass } from '~/ui/button.tsx';
import { CircleCheck, CircleX } from '~/ui/icons.tsx';
import type { UnsubscribePageData } from './unsubscribe.server.ts';

/**
 * The unsubscribe page's body: one button ends the subscription (a GET never does: mail scanners
 * open links). Works signed out: the signed token is the authority.
 */
export function UnsubscribePanel({ data }: { data: UnsubscribePageData }) {
  const alerts = useAlerts();
  const [done, setDone] = useState(data.ok && !data.subscribed);
  const [working, setWorking] = useState(false);

  if (!data.ok) {
    return (
      <>
        <CircleX aria-hidden size={40} strokeWidth={1.75} className="text-danger" />
        <h1 className="mt-3 font-semibold text-fg text-lg">无法退订</h1>
        <p className="mt-2 text-fg-2">{data.message}，请登录后在邮件设置中退订。</p>
        <Link to="/user/settings/mail" className={buttonClass('primary', 'md', 'mt-6')}>
          邮件设置
        </Link>
      </>
    );
  }

  async function unsubscribe() {
    if (!data.ok) return;
    setWorking(true);
    try {
      await apiFetch(`/api/mail/unsubscribe?token=${encodeURIComponent(data.token)}`, { method: 'POST' });
      setDone(true);
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setWorking(false);
    }
  }

  if (done) {
    return (
      <>
        <CircleCheck aria-hidden size={40} strokeWidth={1.75} className="text-success" />
        <h1 className="mt-3 font-semibold text-fg text-lg">已退订「{data.title}」</h1>
        <p className="mt-2 text-fg-2">你不会再收到这类邮件。想重新订阅，可以在邮件设置中打开。</p>
        <Link to="/user/settings/mail" className={buttonClass('secondary', 'md', 'mt-6')}>
          邮件设置
        </Link>
      </>
    );
  }

  return (
    <>
      <h1 className="font-semibold text-fg text-lg">退订「{data.title}」邮件</h1>
      <p className="mt-2 text-fg-2">退订后，你将不再收到这类邮件。</p>
      <button type="button" className={buttonClass('primary', 'md', 'mt-6')} disabled={working} onClick={unsubscribe}>
        {working ? '退订中…' : '确认退订'}
      </button>
    </>
  );
}
