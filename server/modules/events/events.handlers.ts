import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './events.routes.ts';
import { countEventsByMonth, createEvent, deleteEvent, getEvent, listEvents, updateEvent } from './events.service.ts';

/** SPEC §7.9 events, served as the event service; writes are the administrators'. */
export const eventApi = createApi()
  .openapi(routes.getEventList, async (c) => {
    const { showBanner, orderType: _startTime, ...query } = c.req.valid('query');
    return ok(c, await listEvents({ db: c.get('ctx').db }, { options: { ...query, showBanner: showBanner === '1' } }));
  })
  .openapi(routes.getMonthEventCount, async (c) => {
    return ok(c, await countEventsByMonth({ db: c.get('ctx').db }, c.req.valid('query')));
  })
  .openapi(routes.getEvent, async (c) => {
    return ok(c, await getEvent({ db: c.get('ctx').db }, c.req.valid('query').eventId));
  })
  .openapi(routes.create, async (c) => {
    const { db, viewer, env } = c.get('ctx');
    return ok(c, await createEvent({ db, viewer }, { input: c.req.valid('json'), siteOrigin: env.SITE_URL }));
  })
  .openapi(routes.update, async (c) => {
    const { db, viewer, env } = c.get('ctx');
    return ok(c, await updateEvent({ db, viewer }, { input: c.req.valid('json'), siteOrigin: env.SITE_URL }));
  })
  .openapi(routes.remove, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await deleteEvent(ctx, c.req.valid('json').eventId));
  });
