import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './follows.routes.ts';
import {
  followUsers,
  getFollowInfo,
  getMultiUser,
  isFollowed,
  listFollows,
  suggestByTag,
  unfollowUsers,
} from './follows.service.ts';

export const followApi = createApi()
  .openapi(routes.follow, async (c) => {
    const body = c.req.valid('json');
    return ok(c, await followUsers(c.get('ctx'), { follower: body.follower, followees: body.followee }));
  })
  .openapi(routes.unfollow, async (c) => {
    const ctx = c.get('ctx');
    const body = c.req.valid('json');
    return ok(c, await unfollowUsers(ctx, { follower: body.follower, followees: body.followee }));
  })
  .openapi(routes.isCurrentUserFollowed, async (c) => {
    const ctx = c.get('ctx');
    const query = c.req.valid('query');
    return ok(c, await isFollowed(ctx, { currentUid: query.currentUid, targetUids: query.targetUids }));
  })
  .openapi(routes.followerList, async (c) => {
    const ctx = c.get('ctx');
    const { uid, before, limit } = c.req.valid('query');
    return ok(c, await listFollows(ctx, { uid, before, limit, direction: 'followers' }));
  })
  .openapi(routes.followeeList, async (c) => {
    const ctx = c.get('ctx');
    const { uid, before, limit } = c.req.valid('query');
    return ok(c, await listFollows(ctx, { uid, before, limit, direction: 'followees' }));
  })
  .openapi(routes.followInfo, async (c) =>
    ok(c, await getFollowInfo({ db: c.get('ctx').db }, c.req.valid('query').uid)),
  );

export const suggestApi = createApi().openapi(routes.getByTag, async (c) => {
  const ctx = c.get('ctx');
  return ok(c, await suggestByTag(ctx, { tag: c.req.valid('query').tag }));
});

/** The `user` service's social calls (the accounts work serves its other paths). */
export const peopleApi = createApi().openapi(routes.getMultiUser, async (c) => {
  const ctx = c.get('ctx');
  const query = c.req.valid('query');
  const cols = query.cols ? query.cols.split('|').filter(Boolean) : null;
  return ok(c, await getMultiUser(ctx, { ids: query.ids, cols }));
});
