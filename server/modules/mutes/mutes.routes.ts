import { createRoute } from '@hono/zod-openapi';
import { errorResponses, idSchema, okResponse, z, jsonBody } from '../../http/openapi.ts';

const muteBody = jsonBody(z.object({ targetType: z.enum(['user', 'tag']), targetId: idSchema }));
const muteResult = z.object({ muted: z.boolean(), targetType: z.enum(['user', 'tag']), targetId: z.string() });

export const mute = createRoute({
  method: 'post',
  path: '/mute',
  tags: ['user'],
  summary: 'Mute a person or a tag (beyond the spec): their content leaves the viewer’s lists',
  request: { body: muteBody },
  responses: { ...okResponse(muteResult), ...errorResponses(400, 401, 404) },
});

export const unmute = createRoute({
  method: 'post',
  path: '/unmute',
  tags: ['user'],
  summary: 'Unmute a person or a tag',
  request: { body: muteBody },
  responses: { ...okResponse(muteResult), ...errorResponses(400, 401) },
});

export const listMutes = createRoute({
  method: 'get',
  path: '/mutes',
  tags: ['user'],
  summary: 'The viewer’s mutes, newest first',
  request: { query: z.object({ targetType: z.enum(['user', 'tag']).optional() }) },
  responses: {
    ...okResponse(z.object({ list: z.array(z.record(z.string(), z.unknown())) })),
    ...errorResponses(401),
  },
});
