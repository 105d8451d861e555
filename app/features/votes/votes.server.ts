import type { AppLoadContext } from 'react-router';
import { getVoteResults, listAttenders } from '@server/modules/votes/votes.service.ts';
import { fromService } from '~/lib/route-guards.server.ts';

/** A vote entry's results for the viewer and the first page of its voters (the detail page). */
export async function loadVote(context: AppLoadContext, entryId: string) {
  const [results, attenders] = await Promise.all([
    fromService(getVoteResults(context, entryId)),
    fromService(listAttenders(context, { entryId })),
  ]);
  return { results, attenders };
}

export type LoadedVote = Awaited<ReturnType<typeof loadVote>>;
