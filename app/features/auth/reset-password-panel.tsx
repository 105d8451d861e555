import { LIMITS } from '@core/constants.ts';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch, isApiError } from '~/lib/api-client.ts';
import { CaptchaField, Field, NewPasswordFields, ResetDone, SmsCodeField, SubmitButton } from './form-fields.tsx';
import { type ResetTab, checkPhoneReset, checkResetEmail } from './reset-password.ts';
import { useCaptchaForm } from './use-captcha.ts';
import { useSmsSender } from './use-sms-sender.ts';

const tabClass = (active: boolean) =>
  `-mb-px flex-1 border-b-2 py-2.5 text-center text-sm ${
    active ? 'border-brand font-medium text-brand' : 'border-transparent text-fg-2 hover:text-fg'
  }`;

function PhoneReset({ initialPhone }: { initialPhone: string }) {
  const alerts = useAlerts();
  const { form, setForm, set, captcha, failed, refreshCaptcha } = useCaptchaForm({
    phone: initialPhone,
    imageCode: '',
    smsCode: '',
    password: '',
    confirm: '',
  });
  const [working, setWorking] = useState(false);
  const [done, setDone] = useState(false);
  const phoneRef = useRef<HTMLInputElement>(null);
  const imageCodeRef = useRef<HTMLInputElement>(null);
  const smsRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const onInvalid = useCallback(
    (field: 'account' | 'imageCode') => (field === 'account' ? phoneRef : imageCodeRef).current?.focus(),
    [],
  );
  const sms = useSmsSender({ useType: 'restpwd', refreshCaptcha, onInvalid });

  async function sendCode() {
    if (await sms.send(form.phone, captcha?.imageToken ?? '', form.imageCode)) smsRef.current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (working) return;
    const check = checkPhoneReset(form);
    if (!check.ok) {
      alerts.push({ type: 'error', message: check.message });
      ({ phone: phoneRef, smsCode: smsRef, password: passwordRef, confirm: confirmRef })[check.field].current?.focus();
      return;
    }
    setWorking(true);
    try {
      await apiFetch('/api/user/v1/restPassword', { json: check.body });
      setDone(true);
    } catch (error) {
      alerts.push({ type: 'error', message: isApiError(error) ? error.m : '重置失败，请稍后重试' });
    } finally {
      setWorking(false);
    }
  }

  if (done) return <ResetDone />;
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-label="通过手机号重置密码">
      <Field
        id="reset-phone"
        label="手机号"
        inputRef={phoneRef}
        inputMode="numeric"
        autoComplete="tel"
        maxLength={LIMITS.account}
        placeholder="手机号"
        value={form.phone}
        onChange={set('phone')}
      />
      <CaptchaField
        id="reset-captcha"
        inputRef={imageCodeRef}
        value={form.imageCode}
        onChange={set('imageCode')}
        captcha={captcha}
        failed={failed}
        onRefresh={refreshCaptcha}
      />
      <SmsCodeField
        id="reset-sms-code"
        inputRef={smsRef}
        value={form.smsCode}
        onChange={set('smsCode')}
        left={sms.left}
        sending={sms.sending}
        onSend={sendCode}
      />
      <NewPasswordFields
        ids={['reset-password', 'reset-confirm']}
        password={form.password}
        confirm={form.confirm}
        onPassword={(value) => setForm((current) => ({ ...current, password: value }))}
        onConfirm={(value) => setForm((current) => ({ ...current, confirm: value }))}
        passwordRef={passwordRef}
        confirmRef={confirmRef}
      />
      <SubmitButton working={working} busy="提交中...">
        重置密码
      </SubmitButton>
    </form>
  );
}

function EmailReset({ initialEmail }: { initialEmail: string }) {
  const alerts = useAlerts();
  const [email, setEmail] = useState(initialEmail);
  const [working, setWorking] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (working) return;
    const issue = checkResetEmail(email);
    if (issue) {
      alerts.push({ type: 'error', message: issue });
      emailRef.current?.focus();
      return;
    }
    setWorking(true);
    try {
      await apiFetch('/api/user/v1/restPwdByEmail', { json: { email: email.trim() } });
      setSentTo(email.trim());
    } catch (error) {
      alerts.push({ type: 'error', message: isApiError(error) ? error.m : '发送失败，请稍后重试' });
    } finally {
      setWorking(false);
    }
  }

  if (sentTo) {
    return (
      <div className="py-6 text-center" role="status">
        <p className="text-fg">重置邮件已发送至 {sentTo}</p>
        <p className="mt-2 text-fg-2 text-sm">请打开邮件中的链接设置新密码，链接 24 小时内有效。</p>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-label="通过邮箱重置密码">
      <Field
        id="reset-email"
        label="邮箱"
        inputRef={emailRef}
        type="email"
        autoComplete="email"
        maxLength={LIMITS.account}
        placeholder="注册时使用的邮箱"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <SubmitButton working={working} busy="发送中...">
        发送重置邮件
      </SubmitButton>
    </form>
  );
}

/**
 * /reset-password: by phone (captcha → SMS code → new password) or by e-mail (a mailed link).
 * The 410 login answer arrives here with the account type, the account and the message on top.
 */
export function ResetPasswordPanel({
  initialTab,
  account,
  message,
}: {
  initialTab: ResetTab;
  account: string;
  message: string | null;
}) {
  const [tab, setTab] = useState<ResetTab>(initialTab);
  return (
    <section className="mx-auto mt-6 w-full max-w-[400px] rounded-lg bg-card p-6 sm:mt-10">
      <h1 className="font-semibold text-fg text-lg">重置密码</h1>
      {message && <p className="mt-3 rounded bg-brand-tint px-3 py-2 text-brand text-sm">{message}</p>}
      <div role="tablist" aria-label="重置方式" className="mt-4 mb-5 flex border-line border-b">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'phone'}
          className={tabClass(tab === 'phone')}
          onClick={() => setTab('phone')}
        >
          手机号重置
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'email'}
          className={tabClass(tab === 'email')}
          onClick={() => setTab('email')}
        >
          邮箱重置
        </button>
      </div>
      {tab === 'phone' ? (
        <PhoneReset initialPhone={initialTab === 'phone' ? account : ''} />
      ) : (
        <EmailReset initialEmail={initialTab === 'email' ? account : ''} />
      )}
    </section>
  );
}
