import { LIMITS, TIMING } from '@core/constants.ts';
import { RefreshCw } from '~/ui/icons.tsx';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useAuthModal } from '~/lib/auth-modal.ts';
import { Button } from '~/ui/button.tsx';
import type { CaptchaState } from './use-captcha.ts';

export const inputClass =
  'h-9 w-full min-w-0 rounded border border-line bg-page px-3 text-sm text-fg placeholder:text-fg-3 focus:border-brand';

/** A text input with a screen-reader label (the placeholder shows the same words). */
export function Field({
  id,
  label,
  inputRef,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; inputRef?: Ref<HTMLInputElement> }) {
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input ref={inputRef} id={id} className={inputClass} {...props} />
    </div>
  );
}

/** The image captcha: click the picture for another one. */
export function CaptchaImage({
  captcha,
  failed,
  onRefresh,
}: {
  captcha: CaptchaState | null;
  failed: boolean;
  onRefresh: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onRefresh}
      title="看不清？换一张"
      aria-label="看不清？换一张"
      className="flex h-9 w-[100px] shrink-0 items-center justify-center overflow-hidden rounded border border-line bg-page text-fg-3 text-xs hover:border-brand"
    >
      {captcha ? (
        <img
          src={captcha.imageStr}
          alt="图形验证码"
          width={100}
          height={36}
          data-testid="captcha-image"
          data-answer={captcha.answer}
          data-token={captcha.imageToken}
        />
      ) : failed ? (
        <span className="flex items-center gap-1">
          <RefreshCw aria-hidden size={14} strokeWidth={1.75} />
          重新加载
        </span>
      ) : (
        <span>加载中…</span>
      )}
    </button>
  );
}

/** The 获取验证码 button: disabled for 60 s after a send, counting down (SPEC §4, §9). */
export function SendCodeButton({ left, sending, onClick }: { left: number; sending: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={left > 0 || sending}
      className="h-9 w-[100px] shrink-0 rounded border border-line bg-card px-2 text-brand text-sm hover:border-brand disabled:cursor-not-allowed disabled:text-fg-3 disabled:hover:border-line"
    >
      {left > 0 ? `${left}秒后重发` : sending ? '发送中...' : '获取验证码'}
    </button>
  );
}

/** What a code field of the captcha and SMS rows takes from its form. */
type CodeFieldProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onFocus'> & {
  id: string;
  inputRef?: Ref<HTMLInputElement>;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
};

/** 图形验证码: the code field beside its picture. */
export function CaptchaField({
  captcha,
  failed,
  onRefresh,
  ...field
}: CodeFieldProps & { captcha: CaptchaState | null; failed: boolean; onRefresh: () => void }) {
  return (
    <div className="flex gap-2">
      <Field label="图形验证码" autoComplete="off" maxLength={LIMITS.captcha} placeholder="图形验证码" {...field} />
      <CaptchaImage captcha={captcha} failed={failed} onRefresh={onRefresh} />
    </div>
  );
}

/** 短信验证码: the code field beside its 获取验证码 button. */
export function SmsCodeField({
  left,
  sending,
  onSend,
  ...field
}: CodeFieldProps & { left: number; sending: boolean; onSend: () => void }) {
  return (
    <div className="flex gap-2">
      <Field
        label="短信验证码"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={LIMITS.smsCode}
        placeholder="短信验证码"
        {...field}
      />
      <SendCodeButton left={left} sending={sending} onClick={onSend} />
    </div>
  );
}

export const SMS_RESEND_SECONDS = TIMING.smsResendSeconds;

/** A form's full-width submit button, disabled and saying what it is doing while the request runs. */
export function SubmitButton({ working, busy, children }: { working: boolean; busy: string; children: ReactNode }) {
  return (
    <Button type="submit" size="md" disabled={working} className="w-full">
      {working ? busy : children}
    </Button>
  );
}

/** 新密码 and 确认新密码, as the reset forms ask for them. */
export function NewPasswordFields({
  ids,
  password,
  confirm,
  onPassword,
  onConfirm,
  passwordRef,
  confirmRef,
}: {
  ids: [password: string, confirm: string];
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  passwordRef?: Ref<HTMLInputElement>;
  confirmRef?: Ref<HTMLInputElement>;
}) {
  return (
    <>
      <Field
        id={ids[0]}
        label="新密码"
        inputRef={passwordRef}
        type="password"
        autoComplete="new-password"
        maxLength={LIMITS.passwordInput}
        placeholder="新密码（不少于 6 位）"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
      />
      <Field
        id={ids[1]}
        label="确认新密码"
        inputRef={confirmRef}
        type="password"
        autoComplete="new-password"
        maxLength={LIMITS.passwordInput}
        placeholder="再次输入新密码"
        value={confirm}
        onChange={(event) => onConfirm(event.target.value)}
      />
    </>
  );
}

/** A password reset is done: the new password works, and the login modal is one click away. */
export function ResetDone() {
  const { open } = useAuthModal();
  return (
    <div className="py-6 text-center" role="status">
      <p className="text-fg">密码已重置，请使用新密码登录。</p>
      <Button size="md" className="mt-4" onClick={() => open('login')}>
        去登录
      </Button>
    </div>
  );
}
