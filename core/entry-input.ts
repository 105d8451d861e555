/**
 * What publishing or editing an entry accepts (SPEC §3 publish payload), shared by the share
 * form, the editor's publish dialog and the API, so all three say the same Chinese messages.
 */
import { z } from 'zod';
import { ID_PATTERN } from './ids.ts';
import { isUserImageUrl, isWebUrl } from './user-urls.ts';

export const ENTRY_LIMITS = {
  titleMax: 120,
  abstractMax: 400,
  contentMax: 100_000,
  urlMax: 2048,
  tagsMin: 1,
  tagsMax: 3,
  voteOptionsMin: 2,
  voteOptionsMax: 10,
  voteOptionMax: 40,
} as const;

export const ENTRY_MESSAGES = {
  titleRequired: '标题不能为空',
  titleTooLong: `标题要在${ENTRY_LIMITS.titleMax}个字符以内`,
  contentRequired: '文章内容不能为空',
  contentTooLong: `文章内容要在${ENTRY_LIMITS.contentMax}个字符以内`,
  abstractTooLong: `摘要要在${ENTRY_LIMITS.abstractMax}个字符以内`,
  urlInvalid: '链接格式有误',
  screenshotInvalid: '封面图只能是本站上传的图片或 http(s) 外链',
  contentImageInvalid: '文章中的图片只能是本站上传的图片或 http(s) 外链',
  categoryRequired: '请选择分类',
  categoryMissing: '分类不存在',
  tagsRequired: '请至少选择1个标签',
  tagsTooMany: `最多选择${ENTRY_LIMITS.tagsMax}个标签`,
  tagMissing: '标签不存在',
  typeInvalid: '文章类型有误',
  voteOptionsRequired: `请至少填写${ENTRY_LIMITS.voteOptionsMin}个投票选项`,
  voteOptionsTooMany: `投票选项最多${ENTRY_LIMITS.voteOptionsMax}个`,
  voteOptionEmpty: '投票选项不能为空',
  voteOptionTooLong: `投票选项要在${ENTRY_LIMITS.voteOptionMax}个字符以内`,
  voteOptionsRepeated: '投票选项不能重复',
  voteOptionsOnlyForVotes: '只有投票才能填写投票选项',
} as const;

export const ENTRY_INPUT_TYPES = ['article', 'post', 'vote'] as const;

const httpUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(ENTRY_LIMITS.urlMax, message)
    .refine((value) => value === '' || isWebUrl(value), message);

/** One of our uploads (/uploads/…) or an http(s) address on another site (core/user-urls.ts). */
const imageUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(ENTRY_LIMITS.urlMax, message)
    .refine((value) => value === '' || isUserImageUrl(value), message);

export const entryInputSchema = z
  .object({
    type: z.enum(ENTRY_INPUT_TYPES, { error: ENTRY_MESSAGES.typeInvalid }).default('article'),
    title: z
      .string({ error: ENTRY_MESSAGES.titleRequired })
      .trim()
      .min(1, ENTRY_MESSAGES.titleRequired)
      .max(ENTRY_LIMITS.titleMax, ENTRY_MESSAGES.titleTooLong),
    content: z.string().max(ENTRY_LIMITS.contentMax, ENTRY_MESSAGES.contentTooLong).default(''),
    originalUrl: httpUrl(ENTRY_MESSAGES.urlInvalid).optional(),
    screenshot: imageUrl(ENTRY_MESSAGES.screenshotInvalid).optional(),
    abstract: z.string().trim().max(ENTRY_LIMITS.abstractMax, ENTRY_MESSAGES.abstractTooLong).optional(),
    categoryId: z
      .string({ error: ENTRY_MESSAGES.categoryRequired })
      .min(1, ENTRY_MESSAGES.categoryRequired)
      .regex(ID_PATTERN, ENTRY_MESSAGES.categoryMissing),
    tagIds: z
      .array(z.string().regex(ID_PATTERN, ENTRY_MESSAGES.tagMissing), { error: ENTRY_MESSAGES.tagsRequired })
      .min(ENTRY_LIMITS.tagsMin, ENTRY_MESSAGES.tagsRequired)
      .max(ENTRY_LIMITS.tagsMax, ENTRY_MESSAGES.tagsTooMany)
      .transform((ids) => [...new Set(ids)]),
    isOriginal: z.boolean().optional(),
    isEnglish: z.boolean().optional(),
    isGfw: z.boolean().optional(),
    /** A vote's choices, in order (type vote only; docs/decisions/005-votes.md). */
    voteOptions: z
      .array(
        z
          .string({ error: ENTRY_MESSAGES.voteOptionEmpty })
          .trim()
          .min(1, ENTRY_MESSAGES.voteOptionEmpty)
          .max(ENTRY_LIMITS.voteOptionMax, ENTRY_MESSAGES.voteOptionTooLong),
        { error: ENTRY_MESSAGES.voteOptionsRequired },
      )
      .max(ENTRY_LIMITS.voteOptionsMax, ENTRY_MESSAGES.voteOptionsTooMany)
      .optional(),
  })
  .superRefine((input, issue) => {
    const options = input.voteOptions ?? [];
    if (input.type === 'vote') {
      if (options.length < ENTRY_LIMITS.voteOptionsMin) {
        issue.addIssue({ code: 'custom', path: ['voteOptions'], message: ENTRY_MESSAGES.voteOptionsRequired });
      } else if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) {
        issue.addIssue({ code: 'custom', path: ['voteOptions'], message: ENTRY_MESSAGES.voteOptionsRepeated });
      }
      // A vote's question is its title and its options are its body: text and a link are optional.
      return;
    }
    if (options.length > 0) {
      issue.addIssue({ code: 'custom', path: ['voteOptions'], message: ENTRY_MESSAGES.voteOptionsOnlyForVotes });
    }
    // A shared link carries its URL; a written article or column post carries its text.
    if (!input.originalUrl && input.content.trim() === '') {
      issue.addIssue({ code: 'custom', path: ['content'], message: ENTRY_MESSAGES.contentRequired });
    }
  });

export type EntryInput = z.input<typeof entryInputSchema>;
export type ValidEntryInput = z.output<typeof entryInputSchema>;

/** Vote options as a form sends them: an array, or one string joined by a pipe like the tags. */
export function splitVoteOptions(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : value.split('|');
  return list.map((option) => option.trim()).filter(Boolean);
}

/** Tag ids as the publish form sends them: joined by a pipe (SPEC §3). */
export function splitTagIds(value: string): string[] {
  return value
    .split('|')
    .map((id) => id.trim())
    .filter(Boolean);
}
