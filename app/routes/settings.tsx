import { Outlet } from 'react-router';
import { SettingsNav } from '~/features/account/settings-ui.tsx';
import { requireSignedIn } from '~/lib/route-guards.server.ts';
import { PageContainer } from '~/ui/page-layout.tsx';
import type { Route } from './+types/settings';

/** The settings pages share the tabs; all of them are signed-in only (SPEC §2.2). */
export function loader({ context }: Route.LoaderArgs) {
  requireSignedIn(context);
  return null;
}

export default function SettingsLayout() {
  return (
    <PageContainer className="max-w-[960px]">
      <div className="rounded bg-card">
        <SettingsNav />
        <Outlet />
      </div>
    </PageContainer>
  );
}
