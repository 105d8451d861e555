/**
 * Banners (SPEC §3 Banner: url, textList, startedAt, endedAt): what an administrator writes, the
 * same rules in the console's form and in the service. The home page's aside shows the `aside`
 * banners whose window holds now (at most PAGE_SIZE.asideBanners).
 */
import { z } from 'zod';
import { instantSchema, withTimeWindow } from './inputs.ts';
import { isSiteOrWebLink } from './user-urls.ts';

export const BANNER_POSITIONS = ['aside', 'hero', 'entry'] as const;
export type BannerPositionName = (typeof BANNER_POSITIONS)[number];

export const BANNER_POSITION_LABELS: Record<BannerPositionName, string> = {
  aside: '首页侧栏',
  hero: '首页头图',
  entry: '文章页',
};

export const BANNER_LIMITS = { lines: 3, line: 60, url: 500 } as const;

export const BANNER_MESSAGES = {
  url: '请填写以 http(s):// 或 / 开头的链接',
  textEmpty: '请填写横幅文字',
  textTooMany: `横幅文字最多 ${BANNER_LIMITS.lines} 行`,
  textTooLong: `每行文字不能超过 ${BANNER_LIMITS.line} 字`,
  image: '图片地址格式有误',
  startedAt: '请填写开始时间',
  endedAt: '请填写结束时间',
  notFound: '横幅不存在',
} as const;

export const bannerFieldsSchema = z.object({
  position: z.enum(BANNER_POSITIONS).default('aside'),
  url: z
    .string({ error: BANNER_MESSAGES.url })
    .trim()
    .max(BANNER_LIMITS.url, BANNER_MESSAGES.url)
    .refine(isSiteOrWebLink, BANNER_MESSAGES.url),
  imageUrl: z.string().trim().max(4096, BANNER_MESSAGES.image).default(''),
  textList: z
    .array(z.string().trim().max(BANNER_LIMITS.line, BANNER_MESSAGES.textTooLong), { error: BANNER_MESSAGES.textEmpty })
    .max(BANNER_LIMITS.lines, BANNER_MESSAGES.textTooMany)
    .transform((lines) => lines.filter(Boolean))
    .refine((lines) => lines.length > 0, BANNER_MESSAGES.textEmpty),
  startedAt: instantSchema(BANNER_MESSAGES.startedAt),
  endedAt: instantSchema(BANNER_MESSAGES.endedAt),
});

export const bannerInputSchema = withTimeWindow(bannerFieldsSchema);

export type BannerInput = z.infer<typeof bannerInputSchema>;
