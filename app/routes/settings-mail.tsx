import { MailToggles } from '~/features/account/mail-toggles.tsx';
import { SettingsSection } from '~/features/account/settings-ui.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { fromService, requireSignedIn } from '~/lib/route-guards.server.ts';
import { getMailStatus } from '@server/modules/account/account.service.ts';
import type { Route } from './+types/settings-mail';

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context);
  return { status: await fromService(getMailStatus({ db: context.db, viewer })) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '邮件通知');

export default function SettingsMail({ loaderData }: Route.ComponentProps) {
  return (
    <SettingsSection title="邮件通知">
      <MailToggles status={loaderData.status} />
    </SettingsSection>
  );
}
