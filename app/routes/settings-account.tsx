import { AccountBindings } from '~/features/account/account-bindings.tsx';
import { SessionsList } from '~/features/account/sessions-list.tsx';
import { SettingsSection } from '~/features/account/settings-ui.tsx';
import { TrustLevel } from '~/features/account/trust-level.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { fromService, requireSignedIn } from '~/lib/route-guards.server.ts';
import { isAppError } from '@server/http/errors.ts';
import { confirmEmailBinding, getAccountSettings, listSessions } from '@server/modules/account/account.service.ts';
import { getTrustStanding } from '@server/modules/trust/trust.service.ts';
import type { Route } from './+types/settings-account';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context);
  // The link of the binding mail (/v1/updateUserEmail) lands here with its token.
  const mailToken = new URL(request.url).searchParams.get('mail_token');
  let notice: { type: 'success' | 'error'; message: string } | null = null;
  if (mailToken) {
    try {
      const { email } = await confirmEmailBinding({ db: context.db, env: context.env, viewer }, mailToken);
      notice = { type: 'success', message: `邮箱 ${email} 已绑定` };
    } catch (error) {
      if (!isAppError(error)) throw error;
      notice = { type: 'error', message: error.message };
    }
  }
  const [settings, sessions, trust] = await Promise.all([
    fromService(getAccountSettings({ ...context, viewer })),
    fromService(listSessions({ db: context.db, viewer })),
    getTrustStanding(context, viewer.id),
  ]);
  return { settings, sessions, trust, notice };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '账号设置');

export default function SettingsAccount({ loaderData }: Route.ComponentProps) {
  const { settings, sessions, trust, notice } = loaderData;
  return (
    <>
      {notice && (
        <p
          role="status"
          className={`mx-6 mt-5 rounded px-4 py-2 text-sm ${notice.type === 'success' ? 'bg-brand-tint text-fg' : 'text-danger'}`}
        >
          {notice.message}
        </p>
      )}
      <SettingsSection title="账号绑定">
        <AccountBindings state={settings} />
      </SettingsSection>
      <SettingsSection title="登录设备">
        <SessionsList sessions={sessions} />
      </SettingsSection>
      <SettingsSection title="账号等级">
        <TrustLevel standing={trust} />
      </SettingsSection>
    </>
  );
}
