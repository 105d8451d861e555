import { Link } from 'react-router';
import { PinCard } from '~/features/pins/pin-card.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { fromService, requireIdParam } from '~/lib/route-guards.server.ts';
import { PageContainer } from '~/ui/page-layout.tsx';
import { getPin } from '@server/modules/pins/pins.service.ts';
import { getModerationState } from '@server/modules/moderation/moderation.service.ts';
import { HiddenNotice } from '~/features/moderation/hidden-notice.tsx';
import { truncate } from '@core/format.ts';
import type { Route } from './+types/pin';

/** /pin/{id}: one pin with its comments open; hidden, its author reads why and may appeal. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = requireIdParam(params.id);
  const pin = await fromService(getPin(context, id));
  // Visible moderation: only its author (and administrators) still read a hidden pin, with the reason.
  const moderation = await getModerationState(context, { targetType: 'pin', targetId: id });
  return { pin, moderation };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data ? truncate(data.pin.content.replace(/\s+/g, ' '), 30) : null, data?.pin.content.slice(0, 120));

export default function Pin({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer className="max-w-[820px]">
      <nav className="mb-3 text-sm">
        <Link to="/pins" className="text-fg-2 hover:text-brand">
          ← 沸点
        </Link>
      </nav>
      {loaderData.moderation && (
        <HiddenNotice state={loaderData.moderation} targetType="pin" targetId={loaderData.pin.id} />
      )}
      <div className="rounded bg-card">
        <PinCard key={loaderData.pin.id} pin={loaderData.pin} commentsOpen />
      </div>
    </PageContainer>
  );
}
