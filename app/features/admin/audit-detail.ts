import { formatDate, formatDateTime } from '@core/format.ts';
import { MODERATION_TARGETS } from '@core/moderation.ts';
import { formatYuan } from '@core/pricing.ts';
import { ROLE_LABELS } from './people-table.tsx';

/** What kind of thing an audit record's target is, in the console's words. */
export const AUDIT_TARGET_LABELS: Record<string, string> = {
  ...MODERATION_TARGETS,
  booklet: '小册',
  booklet_section: '小节',
  event: '活动',
  banner: '横幅',
  tag: '标签',
  withdrawal: '提现',
  everyone: '全站',
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The particulars of an audit record in words (what changed, beyond its target and reason), read
 * from the detail its action wrote (see the audit() calls); '' when the action keeps none.
 */
export function auditDetailText(action: string, detail: Record<string, unknown>): string {
  switch (action) {
    case 'suspend':
      return text(detail.until) && `封禁至 ${formatDate(text(detail.until))}`;
    case 'set_role':
      return `${ROLE_LABELS[text(detail.from)] ?? text(detail.from)} → ${ROLE_LABELS[text(detail.to)] ?? text(detail.to)}`;
    case 'set_booklet_author':
      return detail.value ? '设为小册作者' : '取消小册作者';
    case 'booklet_hot':
      return detail.value ? '设为热门' : '取消热门';
    case 'booklet_top':
      return detail.value ? '置顶' : '取消置顶';
    case 'booklet_section_free':
      return detail.isFree ? '设为试读' : '取消试读';
    case 'withdrawal_approve':
    case 'withdrawal_reject':
      return typeof detail.volume === 'number' ? `金额 ${formatYuan(detail.volume)} 元` : '';
    case 'system_notification':
      return text(detail.content) && `内容：${text(detail.content)}`;
    case 'dismiss_report':
    case 'uphold_report':
      return typeof detail.reports === 'number' ? `关闭举报 ${detail.reports} 条` : '';
    case 'import_repo':
      return detail.created ? '新导入' : '更新已有';
    case 'event_update':
      return text(detail.before) && detail.before !== detail.title ? `原名：${text(detail.before)}` : '';
    case 'banner_create':
    case 'banner_update':
      return [
        text(detail.url) && `链接：${text(detail.url)}`,
        text(detail.startedAt) && `${formatDateTime(text(detail.startedAt))} – ${formatDateTime(text(detail.endedAt))}`,
      ]
        .filter(Boolean)
        .join('，');
    default:
      return '';
  }
}
