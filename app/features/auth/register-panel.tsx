import { LIMITS } from '@core/constants.ts';
import { accountKind } from '@core/validation.ts';
import { Dialog } from 'radix-ui';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch, isApiError } from '~/lib/api-client.ts';
import { CaptchaField, Field, SmsCodeField, SubmitButton } from './form-fields.tsx';
import { Mascot, type MascotMood } from './mascot.tsx';
import { type RegisterField, type RegisterForm, checkRegister, registerErrorMessage } from './register.ts';
import { useCaptchaForm } from './use-captcha.ts';
import { useSmsSender } from './use-sms-sender.ts';

const EMPTY_FORM: RegisterForm = { username: '', account: '', imageCode: '', smsCode: '', password: '' };

/**
 * Registration by phone or e-mail (SPEC §2.4 register panel): username, phone-or-email, image
 * captcha, SMS code (phone only), password. Success signs the person in and reloads the app.
 */
export function RegisterPanel({ onSwitchToLogin }: { onSwitchToLogin: () => void }) {
  const alerts = useAlerts();
  const [mood, setMood] = useState<MascotMood>('normal');
  const { form, set, captcha, failed, refreshCaptcha } = useCaptchaForm<RegisterForm>(EMPTY_FORM);
  const [working, setWorking] = useState(false);
  const refs = {
    username: useRef<HTMLInputElement>(null),
    account: useRef<HTMLInputElement>(null),
    imageCode: useRef<HTMLInputElement>(null),
    smsCode: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  } satisfies Record<RegisterField, unknown>;
  const isPhone = form.account.trim() !== '' && accountKind(form.account) === 'phone';

  const focusField = useCallback((field: RegisterField) => refs[field].current?.focus(), [refs]);
  const sms = useSmsSender({ useType: 'signup', refreshCaptcha, onInvalid: focusField });

  async function sendCode() {
    const sent = await sms.send(form.account, captcha?.imageToken ?? '', form.imageCode);
    if (sent) refs.smsCode.current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (working) return;
    const check = checkRegister(form, captcha?.imageToken ?? '');
    if (!check.ok) {
      alerts.push({ type: 'error', message: check.message });
      focusField(check.field);
      return;
    }
    setWorking(true);
    try {
      await apiFetch('/api/user/v1/createUser', { json: check.body });
      window.location.reload();
    } catch (error) {
      setWorking(false);
      alerts.push({ type: 'error', message: registerErrorMessage(isApiError(error) ? error.s : 0) });
      // An e-mail registration spent its captcha.
      if ('email' in check.body) refreshCaptcha();
    }
  }

  const calm = () => setMood('normal');
  return (
    <div className="px-6 pb-6">
      <div className="flex justify-center pt-5">
        <Mascot mood={mood} />
      </div>
      <Dialog.Title className="mt-2 font-semibold text-fg text-lg">注册</Dialog.Title>
      <form noValidate onSubmit={submit} className="mt-4 space-y-3">
        <Field
          id="register-username"
          label="用户名"
          inputRef={refs.username}
          name="username"
          autoComplete="username"
          maxLength={LIMITS.usernameMax}
          placeholder="请输入用户名"
          value={form.username}
          onChange={set('username')}
          onFocus={calm}
        />
        <Field
          id="register-account"
          label="手机号或邮箱"
          inputRef={refs.account}
          name="account"
          inputMode="email"
          autoComplete="email"
          maxLength={LIMITS.account}
          placeholder="手机号或邮箱"
          value={form.account}
          onChange={set('account')}
          onFocus={() => setMood('greeting')}
          onBlur={calm}
        />
        <CaptchaField
          id="register-captcha"
          inputRef={refs.imageCode}
          name="imageCode"
          value={form.imageCode}
          onChange={set('imageCode')}
          onFocus={calm}
          captcha={captcha}
          failed={failed}
          onRefresh={refreshCaptcha}
        />
        {isPhone && (
          <SmsCodeField
            id="register-sms-code"
            inputRef={refs.smsCode}
            name="smsCode"
            value={form.smsCode}
            onChange={set('smsCode')}
            onFocus={calm}
            left={sms.left}
            sending={sms.sending}
            onSend={sendCode}
          />
        )}
        <Field
          id="register-password"
          label="密码"
          inputRef={refs.password}
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={LIMITS.passwordInput}
          placeholder="请输入密码（不少于 6 位）"
          value={form.password}
          onChange={set('password')}
          onFocus={() => setMood('blindfold')}
          onBlur={calm}
        />
        <SubmitButton working={working} busy="注册中...">
          注册
        </SubmitButton>
      </form>
      <p className="mt-3 text-center text-[13px] text-fg-2">
        已有账号？
        <button type="button" onClick={onSwitchToLogin} className="text-brand hover:underline">
          登录
        </button>
      </p>
    </div>
  );
}
