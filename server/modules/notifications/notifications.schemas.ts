import { INVALID_ID_MESSAGE } from '@core/inputs.ts';
import { z } from '@hono/zod-openapi';
import { notificationTypes } from '@db/schema/social.ts';
import { userBriefSchema } from '../users/users.schemas.ts';
import { ID_PATTERN } from '@core/ids.ts';

export const unreadCountsSchema = z
  .object({ user: z.number(), system: z.number(), total: z.number() })
  .openapi('UnreadCounts');

const textRefSchema = z.object({ id: z.string(), content: z.string() }).nullable();

export const notificationGroupSchema = z
  .object({
    id: z.string(),
    type: z.enum(notificationTypes),
    userList: z.array(userBriefSchema),
    count: z.number(),
    tagList: z.array(z.object({ id: z.string(), title: z.string() })),
    entry: z.object({ id: z.string(), title: z.string(), type: z.string() }).nullable(),
    pin: textRefSchema,
    comment: textRefSchema,
    reply: textRefSchema,
    collection: z.object({ id: z.string(), title: z.string() }).nullable(),
    repo: z.object({ id: z.string(), name: z.string() }).nullable(),
    read: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('NotificationGroup');

export const notificationPageSchema = z
  .object({ list: z.array(notificationGroupSchema), pointer: z.string().nullable() })
  .openapi('NotificationPage');

export const systemNoticeSchema = z
  .object({ id: z.string(), type: z.literal('system'), check: z.boolean(), content: z.string(), createdAt: z.string() })
  .openapi('SystemNotification');

export const systemPageSchema = z
  .object({ list: z.array(systemNoticeSchema), pointer: z.string().nullable() })
  .openapi('SystemNotificationPage');

export const sendSystemNoticeSchema = z.object({
  content: z.string().max(2000).openapi({ description: 'The notice (1–500 characters)' }),
  userId: z
    .string()
    .regex(ID_PATTERN, INVALID_ID_MESSAGE)
    .optional()
    .openapi({ description: 'One person; omit (and tagTitle) for everyone' }),
  tagTitle: z
    .string()
    .max(32)
    .optional()
    .openapi({ description: 'The followers of the tag with this title; not together with userId' }),
});
