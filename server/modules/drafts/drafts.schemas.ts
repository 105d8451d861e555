import { z } from '@hono/zod-openapi';
import { pageQuerySchema } from '@core/inputs.ts';
import { ENTRY_LIMITS, ENTRY_MESSAGES } from '@core/entry-input.ts';
import { isUserImageUrl } from '@core/user-urls.ts';
import { idSchema } from '../../http/openapi.ts';
import { entryTypes } from '@db/schema/content.ts';

/** Limits of the editor: the publish rules of core/entry-input.ts, so both say the same. */
export const DRAFT_LIMITS = {
  title: ENTRY_LIMITS.titleMax,
  abstract: ENTRY_LIMITS.abstractMax,
  content: ENTRY_LIMITS.contentMax,
  tagsMin: ENTRY_LIMITS.tagsMin,
  tagsMax: ENTRY_LIMITS.tagsMax,
  /** Drafts per page of the draft list (SPEC §9: most lists 20). */
  pageSize: 20,
  /** Tag suggestions in the publish dialog (SPEC §9: search tag suggestions 10). */
  tagSearch: 10,
  tagSearchInput: 32,
} as const;

export const DRAFT_MESSAGES = {
  titleTooLong: ENTRY_MESSAGES.titleTooLong,
  abstractTooLong: ENTRY_MESSAGES.abstractTooLong,
  contentTooLong: ENTRY_MESSAGES.contentTooLong,
  titleRequired: ENTRY_MESSAGES.titleRequired,
  contentRequired: ENTRY_MESSAGES.contentRequired,
  categoryRequired: ENTRY_MESSAGES.categoryRequired,
  tagsRequired: ENTRY_MESSAGES.tagsRequired,
  tagsTooMany: ENTRY_MESSAGES.tagsTooMany,
  categoryMissing: ENTRY_MESSAGES.categoryMissing,
  tagMissing: ENTRY_MESSAGES.tagMissing,
  coverInvalid: ENTRY_MESSAGES.screenshotInvalid,
  draftMissing: '草稿不存在',
  entryMissing: '此文章不存在',
  linkEntry: '分享的链接请在分享页编辑',
} as const;

/** Cover images are our own uploads or an http(s) address on another site (core/user-urls.ts). */
const coverSchema = z
  .string()
  .max(2048, DRAFT_MESSAGES.coverInvalid)
  .refine((v) => v === '' || isUserImageUrl(v), DRAFT_MESSAGES.coverInvalid);

/** Characters as a reader counts them (code points), so a Chinese title gets its full 120. */
const chars = (max: number, message: string) => z.string().refine((v) => Array.from(v).length <= max, message);

const draftFields = {
  title: chars(DRAFT_LIMITS.title, DRAFT_MESSAGES.titleTooLong),
  content: z.string().max(DRAFT_LIMITS.content, DRAFT_MESSAGES.contentTooLong),
  abstract: chars(DRAFT_LIMITS.abstract, DRAFT_MESSAGES.abstractTooLong),
  coverImage: coverSchema,
  categoryId: idSchema.nullable(),
  /** A draft may hold 0–3 tags; publishing needs 1–3. */
  tagIds: z.array(idSchema).max(DRAFT_LIMITS.tagsMax, DRAFT_MESSAGES.tagsTooMany),
  type: z.enum(['article', 'post']),
};

export const createDraftBodySchema = z
  .object({
    ...draftFields,
    /** Opens a draft that edits this published entry (author or admin only). */
    entryId: idSchema.optional(),
  })
  .partial()
  .openapi('CreateDraft');

export const updateDraftBodySchema = z
  .object({ draftId: idSchema })
  .extend(z.object(draftFields).partial().shape)
  .openapi('UpdateDraft');

export const draftIdBodySchema = z.object({ draftId: idSchema });
export const draftIdQuerySchema = z.object({ draftId: idSchema });

export const publishDraftBodySchema = z
  .object({
    draftId: idSchema,
    /** The dialog's choices; anything not given keeps what the draft holds. */
    categoryId: idSchema.nullable().optional(),
    tagIds: z.array(idSchema).max(10, DRAFT_MESSAGES.tagsTooMany).optional(),
    abstract: draftFields.abstract.optional(),
    coverImage: coverSchema.optional(),
    type: draftFields.type.optional(),
  })
  .openapi('PublishDraft');

export const draftListQuerySchema = pageQuerySchema(DRAFT_LIMITS.pageSize, 50);

export const previewBodySchema = z.object({ content: draftFields.content });

export const tagSearchQuerySchema = z.object({
  keyword: z.string().trim().max(DRAFT_LIMITS.tagSearchInput).default(''),
});

const tagBriefSchema = z.object({ id: z.string(), title: z.string(), icon: z.string() });

export const draftSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    entryId: z.string().nullable(),
    title: z.string(),
    content: z.string(),
    abstract: z.string(),
    coverImage: z.string(),
    categoryId: z.string().nullable(),
    tagIds: z.array(z.string()),
    tags: z.array(tagBriefSchema),
    type: z.enum(entryTypes),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Draft');

export const savedDraftSchema = z.object({ id: z.string(), updatedAt: z.string() });

export const draftListSchema = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      entryId: z.string().nullable(),
      title: z.string(),
      excerpt: z.string(),
      type: z.enum(entryTypes),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  pointer: z.string().nullable(),
});

export const publishedSchema = z.object({ entryId: z.string(), type: z.enum(entryTypes), url: z.string() });
export const previewSchema = z.object({ html: z.string() });
export const tagSearchSchema = z.object({ tags: z.array(tagBriefSchema) });

export type CreateDraftInput = z.infer<typeof createDraftBodySchema>;
export type UpdateDraftInput = z.infer<typeof updateDraftBodySchema>;
export type PublishDraftInput = z.infer<typeof publishDraftBodySchema>;
