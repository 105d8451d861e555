import { InvitationForm } from '~/features/account/invitation-form.tsx';
import { SettingsSection } from '~/features/account/settings-ui.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { fromService, requireSignedIn } from '~/lib/route-guards.server.ts';
import { getAvailableInviteCount } from '@server/modules/account/account.service.ts';
import type { Route } from './+types/settings-invitation';

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context);
  const { count } = await fromService(getAvailableInviteCount(context.db, viewer, viewer.id));
  return { userId: viewer.id, count };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '邀请好友');

export default function SettingsInvitation({ loaderData }: Route.ComponentProps) {
  return (
    <SettingsSection title="邀请好友">
      <InvitationForm userId={loaderData.userId} initialCount={loaderData.count} />
    </SettingsSection>
  );
}
