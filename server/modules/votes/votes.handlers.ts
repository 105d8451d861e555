import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './votes.routes.ts';
import { castVote, getVoteResults, listAttenders } from './votes.service.ts';

/** The vote service: results, voting and the voters (SPEC §7.3 get_attender). */
export const voteApi = createApi()
  .openapi(routes.results, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await getVoteResults(ctx, c.req.valid('query').entryId));
  })
  .openapi(routes.vote, async (c) => ok(c, await castVote(c.get('ctx'), c.req.valid('json'))))
  .openapi(routes.attenders, async (c) => {
    const query = c.req.valid('query');
    return ok(
      c,
      await listAttenders(
        { db: c.get('ctx').db },
        {
          entryId: query.entryId,
          page: query.page,
          pageSize: query.pageSize,
          before: query.before,
        },
      ),
    );
  });
