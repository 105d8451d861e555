import { redirect } from 'react-router';
import { requireSignedIn } from '~/lib/route-guards.server.ts';
import type { Route } from './+types/settings-index';

/** /user/settings goes to the profile (SPEC §2.2). */
export function loader({ context }: Route.LoaderArgs) {
  requireSignedIn(context);
  throw redirect('/user/settings/profile');
}

export default function SettingsIndex() {
  return null;
}
