import { type ProfileField, PROFILE_LIMITS, profileValueProblem } from '@core/account-settings.ts';
import { LIMITS } from '@core/constants.ts';
import type { AccountSettings } from '@server/modules/account/account.service.ts';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { Button } from '~/ui/button.tsx';
import { SettingsRow, inputClass } from './settings-ui.tsx';
import { uploadAvatar } from './upload-avatar.ts';

type ProfileValues = AccountSettings['profile'];

type TextField = Exclude<ProfileField, 'avatarLarge'>;

const FIELDS: Array<{ field: TextField; label: string; placeholder: string; maxLength: number; multiline?: boolean }> =
  [
    { field: 'username', label: '用户名', placeholder: '填写你的用户名', maxLength: LIMITS.usernameMax },
    { field: 'jobTitle', label: '职位', placeholder: '填写你的职位', maxLength: PROFILE_LIMITS.jobTitle },
    { field: 'company', label: '公司', placeholder: '填写你的公司', maxLength: PROFILE_LIMITS.company },
    { field: 'blogAddress', label: '个人主页', placeholder: '填写你的个人主页', maxLength: PROFILE_LIMITS.blogAddress },
    {
      field: 'selfDescription',
      label: '个人介绍',
      placeholder: '填写职业技能、擅长的事情、喜欢的事情等',
      maxLength: PROFILE_LIMITS.selfDescription,
      multiline: true,
    },
  ];

const AVATAR_TYPES = ['image/jpeg', 'image/gif', 'image/png', 'image/webp', 'image/bmp'];

async function saveField(field: ProfileField, value: string) {
  return apiFetch<{ field: string; value: string }>('/api/user/v1/updateUserInfo', { json: { field, value } });
}

/** The avatar: pick an image, upload it (POST /api/upload/image), then save it to the profile. */
function AvatarField({ user }: { user: ProfileValues }) {
  const alerts = useAlerts();
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const [avatar, setAvatar] = useState(user.avatarLarge);
  const [working, setWorking] = useState(false);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The server judges by file signature; the browser refuses the obvious cases first.
    if (file.size > LIMITS.imageUploadBytes) return alerts.push({ type: 'error', message: '文件过大' });
    if (file.type && !AVATAR_TYPES.includes(file.type)) {
      return alerts.push({ type: 'error', message: '不支持此文件格式' });
    }
    setWorking(true);
    try {
      const url = await uploadAvatar(file);
      await saveField('avatarLarge', url);
      setAvatar(url);
      alerts.push({ type: 'success', message: '头像已更新' });
      revalidator.revalidate();
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setWorking(false);
    }
  }

  return (
    <div className="flex flex-col items-center gap-3">
      <Avatar user={{ ...user, avatarLarge: avatar }} size={90} />
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp,image/bmp"
        className="sr-only"
        aria-label="选择头像图片"
        onChange={onFile}
      />
      <Button variant="secondary" disabled={working} onClick={() => input.current?.click()}>
        {working ? '上传中...' : '上传头像'}
      </Button>
      <p className="text-center text-[13px] text-fg-3">支持 jpg、png、gif、webp、bmp，不超过 1MB</p>
    </div>
  );
}

/** One profile field that saves on its own, like Juejin's settings. */
function FieldEditor({ spec, initial }: { spec: (typeof FIELDS)[number]; initial: string }) {
  const alerts = useAlerts();
  const revalidator = useRevalidator();
  const id = useId();
  const [saved, setSaved] = useState(initial);
  const [value, setValue] = useState(initial);
  const [working, setWorking] = useState(false);
  const changed = value !== saved;

  async function save() {
    const problem = profileValueProblem(spec.field, spec.field === 'username' ? value.trim() : value);
    if (problem) return alerts.push({ type: 'error', message: problem });
    setWorking(true);
    try {
      const answer = await saveField(spec.field, value);
      setSaved(answer.value);
      setValue(answer.value);
      alerts.push({ type: 'success', message: '保存成功' });
      if (spec.field === 'username') revalidator.revalidate();
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setWorking(false);
    }
  }

  const common = {
    id,
    value,
    maxLength: spec.maxLength,
    placeholder: spec.placeholder,
    disabled: working,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(event.target.value),
  };
  return (
    <SettingsRow
      label={spec.label}
      htmlFor={id}
      actions={
        changed && (
          <>
            <Button disabled={working} onClick={save}>
              {working ? '保存中...' : '保存'}
            </Button>
            <Button variant="text" disabled={working} onClick={() => setValue(saved)}>
              取消
            </Button>
          </>
        )
      }
    >
      {spec.multiline ? (
        <textarea {...common} rows={3} className={`${inputClass} h-auto py-2`} />
      ) : (
        <input
          {...common}
          type={spec.field === 'blogAddress' ? 'url' : 'text'}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && changed) save();
          }}
          className={inputClass}
        />
      )}
    </SettingsRow>
  );
}

export function ProfileForm({ user }: { user: ProfileValues }) {
  return (
    <div className="grid grid-cols-1 gap-8 px-6 py-5 md:grid-cols-[minmax(0,1fr)_180px]">
      <div>
        <h2 className="font-semibold text-base text-fg">个人资料</h2>
        <div className="mt-2">
          {FIELDS.map((spec) => (
            <FieldEditor key={spec.field} spec={spec} initial={user[spec.field]} />
          ))}
        </div>
      </div>
      <div className="order-first md:order-none md:pt-10">
        <AvatarField user={user} />
      </div>
    </div>
  );
}
