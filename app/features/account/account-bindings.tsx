import { type OAuthProvider, emailProblem, phoneProblem } from '@core/account-settings.ts';
import { LIMITS, TIMING } from '@core/constants.ts';
import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { Button } from '~/ui/button.tsx';
import { openOAuthPopup } from '~/lib/oauth-popup.ts';
import { ProviderIcon } from '~/ui/provider-icon.tsx';
import { SettingsRow, inputClass } from './settings-ui.tsx';

export interface BindingState {
  email: string | null;
  emailVerified: boolean;
  mobilePhoneNumber: string | null;
  thirdParty: Array<{ provider: OAuthProvider; label: string; bound: boolean; nickname: string }>;
}

function useUnbind() {
  const alerts = useAlerts();
  const revalidator = useRevalidator();
  const [working, setWorking] = useState<string | null>(null);
  async function unbind(channel: string, isThird: 0 | 1) {
    setWorking(channel);
    try {
      await apiFetch('/api/user/v1/unbind', { json: { channel, isThird } });
      alerts.push({ type: 'success', message: '已解绑' });
      revalidator.revalidate();
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setWorking(null);
    }
  }
  return { unbind, working };
}

function EmailRow({ email, verified }: { email: string | null; verified: boolean }) {
  const alerts = useAlerts();
  const { unbind, working } = useUnbind();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resent, setResent] = useState(false);

  /** An address bound but not verified: mail its verification link again (POST /v1/sendEmailToUser). */
  async function resend() {
    if (!email) return;
    setSending(true);
    try {
      await apiFetch('/api/user/v1/sendEmailToUser', { json: { sendType: 'verify', email } });
      setResent(true);
      alerts.push({ type: 'success', message: `验证邮件已发送到 ${email}` });
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setSending(false);
    }
  }

  async function send() {
    const problem = emailProblem(value.trim());
    if (problem) return alerts.push({ type: 'error', message: problem });
    setSending(true);
    try {
      await apiFetch('/api/user/v1/updateUserEmail', { json: { email: value.trim() } });
      setSentTo(value.trim());
      setEditing(false);
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <SettingsRow
      label="邮箱"
      htmlFor={editing ? 'bind-email' : undefined}
      hint={
        sentTo
          ? `验证邮件已发送到 ${sentTo}，打开邮件中的链接即可完成绑定`
          : resent
            ? `验证邮件已发送到 ${email}，打开邮件中的链接即可完成验证`
            : null
      }
      actions={
        editing ? (
          <>
            <Button disabled={sending} onClick={send}>
              {sending ? '发送中...' : '发送验证邮件'}
            </Button>
            <Button variant="text" onClick={() => setEditing(false)}>
              取消
            </Button>
          </>
        ) : (
          <>
            {email && !verified && (
              <Button variant="secondary" disabled={sending} onClick={resend}>
                {sending ? '发送中...' : '重新发送验证邮件'}
              </Button>
            )}
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {email ? '更换' : '绑定'}
            </Button>
            {email && (
              <Button variant="text" disabled={working !== null} onClick={() => unbind('email', 0)}>
                解绑
              </Button>
            )}
          </>
        )
      }
    >
      {editing ? (
        <input
          id="bind-email"
          type="email"
          value={value}
          maxLength={LIMITS.account}
          onChange={(event) => setValue(event.target.value)}
          placeholder="请输入要绑定的邮箱"
          className={inputClass}
        />
      ) : (
        <p className="pt-2 text-fg-2 text-sm">
          {email ?? '未绑定'}
          {email && !verified && <span className="ml-2 text-fg-3 text-xs">未验证</span>}
        </p>
      )}
    </SettingsRow>
  );
}

function PhoneRow({ phone }: { phone: string | null }) {
  const alerts = useAlerts();
  const revalidator = useRevalidator();
  const { unbind, working } = useUnbind();
  const [editing, setEditing] = useState(false);
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait(wait - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  async function sendCode() {
    const problem = phoneProblem(number.trim());
    if (problem) return alerts.push({ type: 'error', message: problem });
    setBusy(true);
    try {
      await apiFetch('/api/user/v2/updateUserMobile', { json: { mobilePhoneNumber: number.trim() } });
      setWait(TIMING.smsResendSeconds);
      alerts.push({ type: 'success', message: '验证码已发送' });
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setBusy(false);
    }
  }

  async function bind() {
    const problem = phoneProblem(number.trim()) ?? (code.trim() ? null : '验证码不能为空');
    if (problem) return alerts.push({ type: 'error', message: problem });
    setBusy(true);
    try {
      await apiFetch('/api/user/v1/bindUserMobile', {
        json: { mobilePhoneNumber: number.trim(), smsCode: code.trim() },
      });
      alerts.push({ type: 'success', message: '手机号已绑定' });
      setEditing(false);
      revalidator.revalidate();
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsRow
      label="手机"
      htmlFor={editing ? 'bind-phone' : undefined}
      actions={
        editing ? (
          <>
            <Button disabled={busy} onClick={bind}>
              绑定
            </Button>
            <Button variant="text" onClick={() => setEditing(false)}>
              取消
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              {phone ? '更换' : '绑定'}
            </Button>
            {phone && (
              <Button variant="text" disabled={working !== null} onClick={() => unbind('phone', 0)}>
                解绑
              </Button>
            )}
          </>
        )
      }
    >
      {editing ? (
        <div className="space-y-2">
          <input
            id="bind-phone"
            type="tel"
            inputMode="numeric"
            value={number}
            maxLength={11}
            onChange={(event) => setNumber(event.target.value)}
            placeholder="请输入手机号"
            className={inputClass}
          />
          <div className="flex gap-2">
            <input
              aria-label="短信验证码"
              inputMode="numeric"
              value={code}
              maxLength={LIMITS.smsCode}
              onChange={(event) => setCode(event.target.value)}
              placeholder="验证码"
              className={inputClass}
            />
            <Button variant="secondary" size="md" disabled={busy || wait > 0} onClick={sendCode}>
              {wait > 0 ? `${wait}秒后重新获取` : '获取验证码'}
            </Button>
          </div>
        </div>
      ) : (
        <p className="pt-2 text-fg-2 text-sm">{phone ?? '未绑定'}</p>
      )}
    </SettingsRow>
  );
}

function ThirdPartyRow({ item }: { item: BindingState['thirdParty'][number] }) {
  const alerts = useAlerts();
  const { unbind, working } = useUnbind();
  return (
    <SettingsRow
      label={item.label}
      actions={
        item.bound ? (
          <Button variant="text" disabled={working !== null} onClick={() => unbind(item.provider, 1)}>
            解绑
          </Button>
        ) : (
          <Button
            variant="secondary"
            onClick={() => openOAuthPopup(item.provider, (message) => alerts.push({ type: 'error', message }))}
          >
            绑定
          </Button>
        )
      }
    >
      <p className="flex items-center gap-2 pt-2 text-fg-2 text-sm">
        <ProviderIcon provider={item.provider} />
        {item.bound ? `已绑定${item.nickname ? `：${item.nickname}` : ''}` : '未绑定'}
      </p>
    </SettingsRow>
  );
}

/** Bound e-mail, phone and third-party accounts, each with bind and unbind. */
export function AccountBindings({ state }: { state: BindingState }) {
  return (
    <div className="max-w-2xl">
      <EmailRow email={state.email} verified={state.emailVerified} />
      <PhoneRow phone={state.mobilePhoneNumber} />
      {state.thirdParty.map((item) => (
        <ThirdPartyRow key={item.provider} item={item} />
      ))}
    </div>
  );
}
