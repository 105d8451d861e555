import { describe, expect, it } from 'vitest';
import { auditDetailText } from './audit-detail.ts';

describe('auditDetailText', () => {
  it('puts what each action kept into words', () => {
    expect(auditDetailText('set_role', { from: 'user', to: 'editor' })).toBe('普通用户 → 编辑');
    expect(auditDetailText('suspend', { until: '2026-12-01T00:00:00+08:00' })).toBe('封禁至 2026-12-01');
    expect(auditDetailText('withdrawal_reject', { userId: 'x', volume: 1990 })).toBe('金额 19.90 元');
    expect(auditDetailText('system_notification', { content: '维护通知' })).toBe('内容：维护通知');
    expect(auditDetailText('booklet_top', { value: false })).toBe('取消置顶');
    expect(auditDetailText('event_update', { title: '新名', before: '旧名' })).toBe('原名：旧名');
    expect(auditDetailText('event_update', { title: '同名', before: '同名' })).toBe('');
    expect(auditDetailText('banner_create', { url: '/events' })).toBe('链接：/events');
  });

  it('says nothing for an action that keeps no particulars, or a detail of the wrong shape', () => {
    expect(auditDetailText('hide', {})).toBe('');
    expect(auditDetailText('suspend', {})).toBe('');
    expect(auditDetailText('withdrawal_approve', { volume: '1990' })).toBe('');
  });
});
