import { PasswordForm } from '~/features/account/password-form.tsx';
import { SettingsSection } from '~/features/account/settings-ui.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { fromService, requireSignedIn } from '~/lib/route-guards.server.ts';
import { getAccountSettings } from '@server/modules/account/account.service.ts';
import type { Route } from './+types/settings-password';

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context);
  const settings = await fromService(getAccountSettings({ ...context, viewer }));
  return { hasPassword: settings.hasPassword };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '修改密码');

export default function SettingsPassword({ loaderData }: Route.ComponentProps) {
  return (
    <SettingsSection title={loaderData.hasPassword ? '修改密码' : '设置密码'}>
      <PasswordForm hasPassword={loaderData.hasPassword} />
    </SettingsSection>
  );
}
