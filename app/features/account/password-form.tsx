import { newPasswordProblem } from '@core/account-settings.ts';
import { LIMITS } from '@core/constants.ts';
import { type FormEvent, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { Button } from '~/ui/button.tsx';
import { SettingsRow, inputClass } from './settings-ui.tsx';

/** Password change (SPEC §5): current password, new password twice; other sessions end. */
export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const alerts = useAlerts();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [working, setWorking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem =
      (hasPassword && !current ? '当前密码不能为空' : null) ??
      newPasswordProblem(next) ??
      (next !== confirm ? '两次输入的密码不一致' : null);
    if (problem) return alerts.push({ type: 'error', message: problem });
    setWorking(true);
    try {
      await apiFetch('/api/user/v1/changePassword', {
        json: { old_password: current, new_password: next, confirm_password: confirm },
      });
      setCurrent('');
      setNext('');
      setConfirm('');
      alerts.push({ type: 'success', message: '密码已修改，其他设备需要重新登录' });
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setWorking(false);
    }
  }

  const field = (id: string, value: string, set: (value: string) => void, autoComplete: string) => ({
    id,
    type: 'password',
    value,
    autoComplete,
    maxLength: LIMITS.passwordInput,
    disabled: working,
    onChange: (event: { target: { value: string } }) => set(event.target.value),
    className: inputClass,
  });

  return (
    <form noValidate onSubmit={submit} className="max-w-xl">
      {hasPassword ? (
        <SettingsRow label="当前密码" htmlFor="password-current">
          <input {...field('password-current', current, setCurrent, 'current-password')} placeholder="请输入当前密码" />
        </SettingsRow>
      ) : (
        <p className="pb-2 text-[13px] text-fg-3">
          你的账号通过第三方登录创建，还没有密码：设置后可用邮箱或手机号加密码登录。
        </p>
      )}
      <SettingsRow label="新密码" htmlFor="password-new">
        <input {...field('password-new', next, setNext, 'new-password')} placeholder="6 位以上" />
      </SettingsRow>
      <SettingsRow label="确认新密码" htmlFor="password-confirm">
        <input {...field('password-confirm', confirm, setConfirm, 'new-password')} placeholder="再输入一次新密码" />
      </SettingsRow>
      <div className="pt-4">
        <Button type="submit" size="md" disabled={working}>
          {working ? '保存中...' : '修改密码'}
        </Button>
      </div>
    </form>
  );
}
