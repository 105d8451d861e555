import { LIMITS } from './constants.ts';
import { MAINLAND_MOBILE_PATTERN } from './validation.ts';
import { isWebUrl } from './user-urls.ts';

/**
 * The rules of the settings pages (SPEC §5), shared by the browser's forms and the API's
 * schemas so both show the same Chinese messages. Each check answers the message, or null.
 */

export const USERNAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9_]+$/;

export function usernameProblem(value: string): string | null {
  if (!value.trim()) return '用户名不能为空';
  if (Array.from(value).length > LIMITS.usernameMax) return '用户名要在20个字符以内';
  if (!USERNAME_PATTERN.test(value)) return '用户名仅支持中英文，数字和下划线';
  return null;
}

export function newPasswordProblem(value: string): string | null {
  if (value.length < LIMITS.passwordMin) return '密码长度不能小于6位';
  if (value.length > LIMITS.passwordMax) return '密码长度请控制在 128 位以内';
  return null;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(value: string): string | null {
  if (!EMAIL_PATTERN.test(value) || value.length > LIMITS.account) return '邮箱格式不正确';
  return null;
}

export function phoneProblem(value: string): string | null {
  return MAINLAND_MOBILE_PATTERN.test(value) ? null : '手机号格式不正确';
}

export const BLOG_ADDRESS_MESSAGE = '个人主页链接格式有误';

/** Optional personal site: empty, or an http(s) URL. */
export function blogAddressProblem(value: string): string | null {
  if (value === '') return null;
  if (value.length > PROFILE_LIMITS.blogAddress) return BLOG_ADDRESS_MESSAGE;
  return isWebUrl(value) ? null : BLOG_ADDRESS_MESSAGE;
}

/** Column lengths of the profile fields (db/schema/users.ts). */
export const PROFILE_LIMITS = {
  jobTitle: 50,
  company: 50,
  blogAddress: 200,
  selfDescription: 200,
} as const;

export const PROFILE_LIMIT_MESSAGES = {
  jobTitle: '职位要在50个字符以内',
  company: '公司名称要在50个字符以内',
  selfDescription: '个人介绍要在200个字符以内',
} as const;

/** The fields /v1/updateUserInfo changes, one at a time. */
export const PROFILE_FIELDS = [
  'avatarLarge',
  'username',
  'jobTitle',
  'company',
  'blogAddress',
  'selfDescription',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The message for a profile value, or null when it may be saved. */
export function profileValueProblem(field: ProfileField, value: string): string | null {
  switch (field) {
    case 'username':
      return usernameProblem(value);
    case 'blogAddress':
      return blogAddressProblem(value);
    case 'avatarLarge':
      return value ? null : '请上传头像';
    default:
      return Array.from(value).length > PROFILE_LIMITS[field] ? PROFILE_LIMIT_MESSAGES[field] : null;
  }
}

export const INVITE_LIMITS = { receiverName: 20, receiverEmail: 64 } as const;

/** Third-party sign-in providers and how the UI names them. */
export const OAUTH_PROVIDERS = ['github', 'weibo', 'wechat'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
export const OAUTH_PROVIDER_LABELS: Record<OAuthProvider, string> = {
  github: 'GitHub',
  weibo: '微博',
  wechat: '微信',
};

export const MAIL_TYPES = ['follow', 'article', 'week'] as const;
export type MailType = (typeof MAIL_TYPES)[number];
/** What each mail subscription sends (the settings toggles, the mails' footers, the unsubscribe page). */
export const MAIL_TYPE_LABELS: Record<MailType, { title: string; description: string }> = {
  follow: { title: '关注通知', description: '有人关注我时发邮件提醒' },
  article: { title: '文章通知', description: '我关注的作者发布新文章时发邮件提醒' },
  week: { title: '每周精选', description: '每周发送一封我关注的标签和作者的精选文章' },
};

/** Never leave an account without a way in (account settings). */
export const LAST_SIGN_IN_METHOD_MESSAGE = '这是你唯一的登录方式，请先绑定其他登录方式再解绑';
