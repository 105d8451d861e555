import { ProfileForm } from '~/features/account/profile-form.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { fromService, requireSignedIn } from '~/lib/route-guards.server.ts';
import { getAccountSettings } from '@server/modules/account/account.service.ts';
import type { Route } from './+types/settings-profile';

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context);
  const settings = await fromService(getAccountSettings({ ...context, viewer }));
  return { profile: settings.profile };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '个人资料');

export default function SettingsProfile({ loaderData }: Route.ComponentProps) {
  return <ProfileForm key={loaderData.profile.id} user={loaderData.profile} />;
}
