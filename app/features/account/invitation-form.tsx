import { INVITE_LIMITS, emailProblem } from '@core/account-settings.ts';
import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { Button } from '~/ui/button.tsx';
import { SettingsRow, inputClass } from './settings-ui.tsx';

/** Invite a friend by mail (/sender/{userId}/postCode); the count of invitations left comes first. */
export function InvitationForm({ userId, initialCount }: { userId: string; initialCount: number }) {
  const alerts = useAlerts();
  const revalidator = useRevalidator();
  const [count, setCount] = useState(initialCount);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [working, setWorking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = (name.trim() ? null : '请填写对方的称呼') ?? emailProblem(email.trim());
    if (problem) return alerts.push({ type: 'error', message: problem });
    setWorking(true);
    try {
      const answer = await apiFetch<{ count: number }>(`/api/invite/sender/${userId}/postCode`, {
        json: { receiverName: name.trim(), receiverEmail: email.trim() },
      });
      setCount(answer.count);
      setName('');
      setEmail('');
      alerts.push({ type: 'success', message: '邀请邮件已发送' });
      // The sent list below comes from the loader.
      void revalidator.revalidate();
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setWorking(false);
    }
  }

  return (
    <div className="max-w-xl">
      <p className="text-fg-2 text-sm">
        你还可以邀请 <strong className="font-semibold text-brand">{count}</strong> 位好友加入。
      </p>
      <form noValidate onSubmit={submit} className="mt-2">
        <SettingsRow label="对方称呼" htmlFor="invite-name">
          <input
            id="invite-name"
            value={name}
            maxLength={INVITE_LIMITS.receiverName}
            disabled={working || count === 0}
            onChange={(event) => setName(event.target.value)}
            placeholder="怎么称呼你的朋友"
            className={inputClass}
          />
        </SettingsRow>
        <SettingsRow label="对方邮箱" htmlFor="invite-email">
          <input
            id="invite-email"
            type="email"
            value={email}
            maxLength={INVITE_LIMITS.receiverEmail}
            disabled={working || count === 0}
            onChange={(event) => setEmail(event.target.value)}
            placeholder="邀请邮件将发到这里"
            className={inputClass}
          />
        </SettingsRow>
        <div className="pt-4">
          <Button type="submit" size="md" disabled={working || count === 0}>
            {working ? '发送中...' : count === 0 ? '邀请次数已用完' : '发送邀请'}
          </Button>
        </div>
      </form>
    </div>
  );
}
