import { createRoute } from '@hono/zod-openapi';
import { errorResponses, okResponse, jsonRequest } from '../../http/openapi.ts';
import {
  createDraftBodySchema,
  draftIdBodySchema,
  draftIdQuerySchema,
  draftListQuerySchema,
  draftListSchema,
  draftSchema,
  previewBodySchema,
  previewSchema,
  publishDraftBodySchema,
  publishedSchema,
  savedDraftSchema,
  tagSearchQuerySchema,
  tagSearchSchema,
  updateDraftBodySchema,
} from './drafts.schemas.ts';
import { z } from '../../http/openapi.ts';

const tags = ['draft'];
export const createDraft = createRoute({
  method: 'post',
  path: '/create',
  tags,
  summary: 'Start a draft (optionally editing a published entry: author or admin)',
  request: jsonRequest(createDraftBodySchema),
  responses: { ...okResponse(draftSchema), ...errorResponses(400, 401, 403, 404) },
});

export const updateDraft = createRoute({
  method: 'post',
  path: '/update',
  tags,
  summary: 'Save the fields given (the editor’s autosave)',
  request: jsonRequest(updateDraftBodySchema),
  responses: { ...okResponse(savedDraftSchema), ...errorResponses(400, 401, 403, 404) },
});

export const getDraft = createRoute({
  method: 'get',
  path: '/get',
  tags,
  summary: 'One draft of the viewer (admin: anyone’s)',
  request: { query: draftIdQuerySchema },
  responses: { ...okResponse(draftSchema), ...errorResponses(400, 401, 403, 404) },
});

export const listDrafts = createRoute({
  method: 'get',
  path: '/list',
  tags,
  summary: 'The viewer’s drafts, last edited first; pass `pointer` back as `before`',
  request: { query: draftListQuerySchema },
  responses: { ...okResponse(draftListSchema), ...errorResponses(400, 401) },
});

export const deleteDraft = createRoute({
  method: 'post',
  path: '/delete',
  tags,
  summary: 'Delete a draft',
  request: jsonRequest(draftIdBodySchema),
  responses: { ...okResponse(z.object({ id: z.string() })), ...errorResponses(400, 401, 403, 404) },
});

export const publishDraft = createRoute({
  method: 'post',
  path: '/publish',
  tags,
  summary:
    'Publish a draft as an article or column post (or update the entry it edits); the draft is removed in the same transaction',
  request: jsonRequest(publishDraftBodySchema),
  responses: { ...okResponse(publishedSchema), ...errorResponses(400, 401, 403, 404, 429) },
});

export const previewMarkdown = createRoute({
  method: 'post',
  path: '/preview',
  tags,
  summary: 'Markdown rendered exactly as publishing renders it (sanitised HTML)',
  request: jsonRequest(previewBodySchema),
  responses: { ...okResponse(previewSchema), ...errorResponses(400, 401) },
});

export const searchTags = createRoute({
  method: 'get',
  path: '/tags',
  tags,
  summary: 'Tags for the publish dialog: titles containing the keyword, or the most used when empty (10)',
  request: { query: tagSearchQuerySchema },
  responses: { ...okResponse(tagSearchSchema), ...errorResponses(400, 401) },
});
