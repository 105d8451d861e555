import { LIMITS } from '@core/constants.ts';
import { Dialog } from 'radix-ui';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { OAuthButtons } from './oauth-buttons.tsx';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch, isApiError } from '~/lib/api-client.ts';
import { SubmitButton } from './form-fields.tsx';
import { checkLogin, loginErrorMessage, resetPasswordHref } from './login.ts';
import { Mascot, type MascotMood } from './mascot.tsx';

const inputClass =
  'h-9 w-full rounded border border-line bg-page px-3 text-sm text-fg placeholder:text-fg-3 focus:border-brand';

/** Password sign-in by phone or e-mail (SPEC §2.4 login panel); success reloads the app. */
export function LoginPanel({ onClose, onSwitchToRegister }: { onClose: () => void; onSwitchToRegister: () => void }) {
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [mood, setMood] = useState<MascotMood>('normal');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [working, setWorking] = useState(false);
  const accountRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (working) return;
    const check = checkLogin(account, password);
    if (!check.ok) {
      alerts.push({ type: 'error', message: check.message });
      (check.field === 'account' ? accountRef : passwordRef).current?.focus();
      return;
    }
    const { request } = check;
    setWorking(true);
    try {
      await apiFetch(request.path, { json: request.body });
      window.location.reload();
    } catch (error) {
      setWorking(false);
      const status = isApiError(error) ? error.status : 0;
      if (status === 410) {
        onClose();
        navigate(resetPasswordHref(request.type, account.trim()));
        return;
      }
      alerts.push({ type: 'error', message: loginErrorMessage(status, request.type) });
    }
  }

  return (
    <div className="px-6 pb-6">
      <div className="flex justify-center pt-5">
        <Mascot mood={mood} />
      </div>
      <Dialog.Title className="mt-2 font-semibold text-fg text-lg">登录</Dialog.Title>
      <form noValidate onSubmit={submit} className="mt-4 space-y-3">
        <div>
          <label htmlFor="login-account" className="sr-only">
            手机号或邮箱
          </label>
          <input
            ref={accountRef}
            id="login-account"
            name="account"
            type="text"
            inputMode="email"
            autoComplete="username"
            maxLength={LIMITS.account}
            placeholder="邮箱/手机号"
            value={account}
            onChange={(event) => setAccount(event.target.value)}
            onFocus={() => setMood('greeting')}
            onBlur={() => setMood('normal')}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="login-password" className="sr-only">
            密码
          </label>
          <input
            ref={passwordRef}
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            maxLength={LIMITS.passwordInput}
            placeholder="请输入密码"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            onFocus={() => setMood('blindfold')}
            onBlur={() => setMood('normal')}
            className={inputClass}
          />
        </div>
        <SubmitButton working={working} busy="登录中...">
          登录
        </SubmitButton>
      </form>
      <div className="mt-3 flex justify-between text-[13px]">
        <span className="text-fg-2">
          没有账号？
          <button type="button" onClick={onSwitchToRegister} className="text-brand hover:underline">
            注册
          </button>
        </span>
        <Link to="/reset-password" onClick={onClose} className="text-fg-2 hover:text-brand">
          忘记密码
        </Link>
      </div>
      <OAuthButtons />
    </div>
  );
}
