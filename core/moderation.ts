import { formatDate } from './format.ts';
/**
 * Moderation words shared by the forms and the API (issue 16): the reasons a reader may report
 * with, what an administrator does, and how the public log names it.
 */

/** 举报 reasons: a key stored, a label shown. */
export const REPORT_REASONS = {
  spam: '垃圾广告',
  abuse: '辱骂攻击',
  porn: '色情低俗',
  illegal: '违法违规',
  plagiarism: '抄袭侵权',
  misinformation: '不实信息',
  other: '其他',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_REASON_KEYS = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];

/** What can be reported, with the word used on screen. */
export const MODERATION_TARGETS = {
  entry: '文章',
  comment: '评论',
  pin: '沸点',
  repo: '开源库',
  user: '用户',
} as const;
export type ModerationTarget = keyof typeof MODERATION_TARGETS;
export const MODERATION_TARGET_KEYS = Object.keys(MODERATION_TARGETS) as [ModerationTarget, ...ModerationTarget[]];

/** Content that can be hidden and restored. */
export const HIDEABLE_TARGETS = ['entry', 'comment', 'pin'] as const;
export type HideableTarget = (typeof HIDEABLE_TARGETS)[number];

export const MODERATION_LIMITS = {
  reasonMax: 200,
  reportTextMax: 500,
  appealTextMax: 500,
} as const;

export const MODERATION_MESSAGES = {
  reasonRequired: '请填写原因',
  reasonTooLong: `原因不能超过${MODERATION_LIMITS.reasonMax}字`,
  reportReasonRequired: '请选择举报原因',
  reportTextTooLong: `补充说明不能超过${MODERATION_LIMITS.reportTextMax}字`,
  alreadyReported: '你已经举报过了，请等待处理',
  reportOwn: '不能举报自己发布的内容',
  reportSelf: '不能举报自己',
  appealTextRequired: '请填写申诉理由',
  appealTextTooLong: `申诉理由不能超过${MODERATION_LIMITS.appealTextMax}字`,
  appealOnce: '每次隐藏只能申诉一次',
  notHidden: '内容未被隐藏',
  alreadyHidden: '内容已被隐藏',
  notYours: '只能申诉自己的内容',
  suspendEndInPast: '结束时间必须晚于现在',
} as const;

/** Audit actions, and the public log's words for the ones it shows. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  hide: '隐藏',
  restore: '恢复',
  recommend: '推荐',
  unrecommend: '取消推荐',
  suspend: '封禁',
  unsuspend: '解除封禁',
  set_role: '修改角色',
  set_booklet_author: '小册作者',
  force_password_reset: '强制重置密码',
  dismiss_report: '驳回举报',
  uphold_report: '举报已处理',
  reject_appeal: '驳回申诉',
  system_notification: '系统通知',
  banner_create: '新建横幅',
  banner_update: '编辑横幅',
  banner_delete: '删除横幅',
  event_create: '新建活动',
  event_update: '编辑活动',
  event_delete: '删除活动',
  feature_repo: '推荐开源库',
  unfeature_repo: '取消推荐开源库',
  import_repo: '导入开源库',
  withdrawal_approve: '通过提现',
  withdrawal_reject: '驳回提现',
  booklet_approve: '小册上架',
  booklet_hot: '小册热门',
  booklet_top: '小册置顶',
  booklet_section_free: '小节试读',
};

/** The actions the public /moderation log lists (without who did it or whose content it was). */
export const PUBLIC_MODERATION_ACTIONS = ['hide', 'restore'] as const;

/** A suspension as the suspended person reads it. */
export function suspensionMessage(until: Date | string, reason: string): string {
  return `你的账号已被暂停使用至 ${formatDate(until)}${reason ? `，原因：${reason}` : ''}。暂停期间只能浏览，不能发布或互动。`;
}
