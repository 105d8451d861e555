import { z } from '@hono/zod-openapi';
import { userBriefSchema } from '../users/users.schemas.ts';

export const bookletCardSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    summary: z.string(),
    img: z.string(),
    category: z.string(),
    price: z.number().describe('Fen (1/100 yuan)'),
    isHot: z.boolean(),
    isTop: z.boolean(),
    isDraft: z.boolean(),
    isFinished: z.boolean(),
    submittedAt: z.string().nullable(),
    sectionCount: z.number(),
    buyCount: z.number(),
    viewCount: z.number(),
    user: userBriefSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('BookletCard');

export const sectionBriefSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    position: z.number(),
    isFree: z.boolean(),
    isDraft: z.boolean(),
    readingMinutes: z.number(),
    viewCount: z.number(),
    commentCount: z.number(),
    updatedAt: z.string(),
  })
  .openapi('BookletSectionBrief');

export const progressSchema = z
  .object({ sectionId: z.string(), title: z.string(), position: z.number(), updatedAt: z.string() })
  .openapi('BookletProgress');

export const bookletDetailSchema = bookletCardSchema
  .extend({
    description: z.string(),
    descriptionHtml: z.string(),
    bought: z.boolean(),
    canEdit: z.boolean(),
    sections: z.array(sectionBriefSchema),
    progress: progressSchema.nullable(),
  })
  .openapi('Booklet');

export const sectionReadingSchema = z
  .object({
    booklet: bookletDetailSchema,
    section: sectionBriefSchema.extend({ content: z.string().nullable(), contentHtml: z.string() }),
    locked: z.boolean().describe('True: the viewer may not read it all and contentHtml is its first part'),
    prev: sectionBriefSchema.nullable(),
    next: sectionBriefSchema.nullable(),
  })
  .openapi('BookletSection');

export const boughtBookletSchema = bookletCardSchema
  .extend({ boughtAt: z.string(), progress: progressSchema.nullable() })
  .openapi('BoughtBooklet');
