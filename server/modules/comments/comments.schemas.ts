import { PAGE_SIZE } from '@core/constants.ts';
import { commentTargetTypes } from '@db/schema/social.ts';
import { z } from '@hono/zod-openapi';
import { idSchema } from '../../http/openapi.ts';
import { userBriefSchema } from '../users/users.schemas.ts';
import { LIMITS } from '@core/constants.ts';
import { COMMENT_MESSAGES, tooManyImagesMessage } from '@core/validation.ts';

export const targetTypeSchema = z.enum(commentTargetTypes);

const baseComment = z.object({
  id: z.string(),
  targetType: targetTypeSchema,
  targetId: z.string(),
  user: userBriefSchema,
  content: z.string(),
  imageUrlList: z.array(z.string()),
  liked: z.boolean(),
  likeCount: z.number(),
  subCommentCount: z.number(),
  replyUser: userBriefSchema.nullable(),
  replyCommentId: z.string().nullable(),
  parentId: z.string().nullable(),
  deleted: z.boolean(),
  hidden: z.boolean().describe('Hidden by a moderator (others read 此评论已被隐藏 in its place)'),
  hiddenReason: z
    .string()
    .nullable()
    .describe('Hidden by a moderator: the reason, shown to its author and administrators'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const commentSchema = baseComment
  .extend({ topSubCommentList: z.array(baseComment.extend({ topSubCommentList: z.array(z.unknown()) })) })
  .openapi('Comment');

export const createCommentBodySchema = z.object({
  content: z.string({ error: COMMENT_MESSAGES.empty }).trim().min(1, COMMENT_MESSAGES.empty),
  picList: z
    .array(z.string().max(500))
    .max(LIMITS.commentMaxImages, tooManyImagesMessage(LIMITS.commentMaxImages))
    .optional(),
  respUser: idSchema.optional(),
  targetId: idSchema,
  targetType: targetTypeSchema.default('entry'),
  firstComment: idSchema.optional(),
  respComment: idSchema.optional(),
});

const pageSizeSchema = z.coerce.number().int().min(1).max(50).default(PAGE_SIZE.comments);

export const listQuerySchema = z.object({
  rankType: z.enum(['new', 'hot']).default('new'),
  createdAt: z.string().max(40).optional().openapi({ description: 'new: the oldest createdAt loaded' }),
  lastId: idSchema.optional().openapi({ description: 'new: the id of that comment (tie-breaker)' }),
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: pageSizeSchema,
});

export const threadQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: pageSizeSchema,
});

export const commentListSchema = z.object({
  count: z.number(),
  comments: z.array(commentSchema),
  rankType: z.enum(['new', 'hot']),
  pageNum: z.number().nullable(),
  createdAt: z.string().nullable(),
  lastId: z.string().nullable(),
  hasMore: z.boolean(),
});

export const threadSchema = z.object({
  comment: commentSchema,
  replies: z.array(z.unknown()),
  pageNum: z.number(),
  hasMore: z.boolean(),
});

export const likeResultSchema = z.object({ liked: z.boolean(), likeCount: z.number() });
