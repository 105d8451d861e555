import { z } from '@hono/zod-openapi';
import { userBriefSchema } from '../users/users.schemas.ts';

export const repoSchema = z
  .object({
    id: z.string(),
    originalId: z.string(),
    url: z.string(),
    name: z.string(),
    description: z.string(),
    language: z.string(),
    languageColor: z.string(),
    watchCount: z.number(),
    starCount: z.number(),
    forkCount: z.number(),
    commentCount: z.number(),
    translatorIdList: z.array(z.string()),
    translation: z.object({ title: z.string(), description: z.string() }),
    starsGained: z.object({ daily: z.number(), weekly: z.number(), monthly: z.number() }),
    license: z.object({ name: z.string(), url: z.string() }),
    user: z.object({ username: z.string(), avatar: z.string(), url: z.string() }),
    featured: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    commitedAt: z.string().nullable(),
  })
  .openapi('Repo');

export const languageShareSchema = z
  .object({ title: z.string(), lineCount: z.number(), color: z.string(), share: z.number() })
  .openapi('RepoLanguage');

export const repoDetailSchema = repoSchema
  .extend({
    readme: z.string(),
    readmeHtml: z.string(),
    languageList: z.array(languageShareSchema),
    translators: z.array(userBriefSchema),
  })
  .openapi('RepoDetail');

export const repoPageSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
  repoList: z.array(repoSchema),
});

export const repoTagTreeSchema = z.array(
  z.object({ id: z.string(), title: z.string(), children: z.array(z.object({ id: z.string(), title: z.string() })) }),
);

export const translationSchema = z
  .object({
    id: z.string(),
    repoId: z.string(),
    userId: z.string().nullable(),
    user: userBriefSchema,
    content: z.string(),
    voteCount: z.number(),
    voted: z.boolean(),
    createdAt: z.string(),
  })
  .openapi('RepoTranslation');

export const translationListSchema = z.object({
  total: z.number(),
  list: z.array(translationSchema),
  skip: z.number(),
  limit: z.number(),
});

export const shownTranslationSchema = z.object({ title: z.string(), description: z.string() });
