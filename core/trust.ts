/**
 * New-account limits (issue 16), in the spirit of Discourse's trust levels, kept to two levels so
 * a person can be told in one sentence what lifts them. Every value lives here; docs/trust-levels.md
 * explains them. The server applies them (server/modules/trust); the settings page shows them.
 */

export type TrustLevel = 0 | 1;

export const TRUST_LEVEL_NAMES: Record<TrustLevel, string> = {
  0: '新用户',
  1: '正式成员',
};

/** What an account needs to leave level 0. All must hold; losing one puts it back. */
export const TRUST_RULES = {
  /** Days since sign-up. */
  minAccountDays: 3,
  /** Likes received on its entries… */
  minLikesReceived: 1,
  /** …or entries it read (either shows a person taking part, not a script). */
  minEntriesRead: 10,
  /** No entry, pin or comment of theirs hidden by a moderator in this many days (a restore clears it). */
  cleanDays: 30,
} as const;

export type TrustAction = 'entry' | 'pin' | 'comment' | 'upload';

export interface TrustRate {
  points: number;
  durationSeconds: number;
}

/**
 * Level 0's limits. Level 1 (and editors, admins) have none of these: only the site-wide ones
 * (UPLOAD_MAX_PER_USER_HOUR and the rest in server/env.ts).
 */
export const NEW_ACCOUNT_LIMITS: {
  rates: Record<TrustAction, TrustRate>;
  /** External (http, https) links one piece of content may hold. */
  links: Record<Exclude<TrustAction, 'upload'>, number>;
} = {
  rates: {
    entry: { points: 3, durationSeconds: 86_400 },
    pin: { points: 5, durationSeconds: 3600 },
    comment: { points: 10, durationSeconds: 3600 },
    upload: { points: 10, durationSeconds: 3600 },
  },
  links: { entry: 5, pin: 2, comment: 2 },
};

const ACTION_WORDS: Record<TrustAction, { verb: string; unit: string }> = {
  entry: { verb: '发布', unit: '篇文章' },
  pin: { verb: '发布', unit: '条沸点' },
  comment: { verb: '发表', unit: '条评论' },
  upload: { verb: '上传', unit: '张图片' },
};

const CONTENT_WORDS: Record<Exclude<TrustAction, 'upload'>, string> = {
  entry: '篇文章',
  pin: '条沸点',
  comment: '条评论',
};

function period(seconds: number): string {
  if (seconds % 86_400 === 0) return seconds === 86_400 ? '每天' : `每 ${seconds / 86_400} 天`;
  if (seconds % 3600 === 0) return seconds === 3600 ? '每小时' : `每 ${seconds / 3600} 小时`;
  return `每 ${Math.ceil(seconds / 60)} 分钟`;
}

/** The rule in one line: what lifts the new-account limits. */
export const TRUST_LIFT_TEXT = `注册满 ${TRUST_RULES.minAccountDays} 天、文章获得 ${TRUST_RULES.minLikesReceived} 个赞或阅读 ${TRUST_RULES.minEntriesRead} 篇文章、且 ${TRUST_RULES.cleanDays} 天内没有内容被管理员隐藏后，限制自动解除`;

/** The rate-limit answer: the catalogue's words, then the limit and what lifts it. */
export function trustRateMessage(tooFrequent: string, action: TrustAction): string {
  const rate = NEW_ACCOUNT_LIMITS.rates[action];
  const words = ACTION_WORDS[action];
  return `${tooFrequent}。新用户${period(rate.durationSeconds)}最多${words.verb} ${rate.points} ${words.unit}，${TRUST_LIFT_TEXT}`;
}

export function trustLinksMessage(action: Exclude<TrustAction, 'upload'>): string {
  return `新用户每${CONTENT_WORDS[action]}最多包含 ${NEW_ACCOUNT_LIMITS.links[action]} 个外部链接，${TRUST_LIFT_TEXT}`;
}

/** The limits of level 0, as lines for the settings page. */
export function newAccountLimitLines(): string[] {
  const lines = (Object.keys(NEW_ACCOUNT_LIMITS.rates) as TrustAction[]).map((action) => {
    const rate = NEW_ACCOUNT_LIMITS.rates[action];
    const words = ACTION_WORDS[action];
    return `${period(rate.durationSeconds)}最多${words.verb} ${rate.points} ${words.unit}`;
  });
  const links = NEW_ACCOUNT_LIMITS.links;
  lines.push(`每篇文章最多 ${links.entry} 个外部链接，每条沸点、评论最多 ${links.comment} 个`);
  return lines;
}

/** What the server knows of an account to place it. */
export interface TrustFacts {
  role: string;
  createdAt: Date;
  likesReceived: number;
  entriesRead: number;
  /** The latest time content of theirs was hidden and is still hidden (null: none). */
  lastHiddenAt: Date | null;
}

export interface TrustStanding {
  level: TrustLevel;
  name: string;
  /** The conditions still missing, in words (empty at level 1). */
  missing: string[];
}

const DAY_MS = 86_400_000;

/** Places an account: level 1 when every rule holds (editors and admins always). */
export function trustStandingOf(facts: TrustFacts, now: Date = new Date()): TrustStanding {
  if (facts.role === 'admin' || facts.role === 'editor') return { level: 1, name: TRUST_LEVEL_NAMES[1], missing: [] };
  const missing: string[] = [];
  const ageDays = (now.getTime() - facts.createdAt.getTime()) / DAY_MS;
  if (ageDays < TRUST_RULES.minAccountDays) {
    missing.push(
      `注册满 ${TRUST_RULES.minAccountDays} 天（还差 ${Math.ceil(TRUST_RULES.minAccountDays - ageDays)} 天）`,
    );
  }
  if (facts.likesReceived < TRUST_RULES.minLikesReceived && facts.entriesRead < TRUST_RULES.minEntriesRead) {
    missing.push(
      `文章获得 ${TRUST_RULES.minLikesReceived} 个赞或阅读 ${TRUST_RULES.minEntriesRead} 篇文章（已阅读 ${facts.entriesRead} 篇）`,
    );
  }
  if (facts.lastHiddenAt && now.getTime() - facts.lastHiddenAt.getTime() < TRUST_RULES.cleanDays * DAY_MS) {
    const days = Math.ceil((facts.lastHiddenAt.getTime() + TRUST_RULES.cleanDays * DAY_MS - now.getTime()) / DAY_MS);
    missing.push(`${TRUST_RULES.cleanDays} 天内没有内容被管理员隐藏（还需 ${days} 天）`);
  }
  const level: TrustLevel = missing.length === 0 ? 1 : 0;
  return { level, name: TRUST_LEVEL_NAMES[level], missing };
}

/**
 * External links in a piece of content (markdown or plain text): each http(s) address counts
 * once per occurrence, whether bare, in <…> or in [text](…); site-relative links do not count.
 */
export function countExternalLinks(content: string): number {
  return content.match(/https?:\/\/[^\s<>()[\]"'`]+/gi)?.length ?? 0;
}
