import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch, isApiError } from '~/lib/api-client.ts';
import { buttonClass } from '~/ui/button.tsx';
import { NewPasswordFields, ResetDone, SubmitButton } from './form-fields.tsx';
import { checkNewPassword } from './reset-password.ts';

/** /set-new-password?mail_token=…: the mailed reset link's form (new password twice). */
export function SetNewPasswordPanel({ token }: { token: string | null }) {
  const alerts = useAlerts();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [working, setWorking] = useState(false);
  const [done, setDone] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (working || !token) return;
    const issue = checkNewPassword(password, confirm);
    if (issue) {
      alerts.push({ type: 'error', message: issue });
      passwordRef.current?.focus();
      return;
    }
    setWorking(true);
    try {
      await apiFetch('/api/user/v1/changePasswordByEmailToken', {
        json: { mail_token: token, new_password: password, confirm_password: confirm },
      });
      setDone(true);
    } catch (error) {
      alerts.push({ type: 'error', message: isApiError(error) ? error.m : '重置失败，请稍后重试' });
    } finally {
      setWorking(false);
    }
  }

  return (
    <section className="mx-auto mt-6 w-full max-w-[400px] rounded-lg bg-card p-6 sm:mt-10">
      <h1 className="font-semibold text-fg text-lg">设置新密码</h1>
      {!token ? (
        <div className="py-6 text-center">
          <p className="text-fg-2">链接无效或已过期</p>
          <Link to="/reset-password?type=email" className={buttonClass('primary', 'md', 'mt-4')}>
            重新发送重置邮件
          </Link>
        </div>
      ) : done ? (
        <ResetDone />
      ) : (
        <form noValidate onSubmit={submit} className="mt-5 space-y-3">
          <NewPasswordFields
            ids={['new-password', 'new-password-confirm']}
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            passwordRef={passwordRef}
          />
          <SubmitButton working={working} busy="提交中...">
            确认修改
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
