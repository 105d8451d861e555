import { describe, expect, it } from 'vitest';
import { countExternalLinks, newAccountLimitLines, TRUST_RULES, trustStandingOf } from './trust.ts';

const DAY = 86_400_000;
const now = new Date('2026-11-24T12:00:00Z');
const facts = {
  role: 'user',
  createdAt: new Date(now.getTime() - 10 * DAY),
  likesReceived: 1,
  entriesRead: 0,
  lastHiddenAt: null,
};

describe('trust levels', () => {
  it('places an account by age, likes or reads, and recent hidden content', () => {
    expect(trustStandingOf(facts, now)).toEqual({ level: 1, name: '正式成员', missing: [] });
    const young = trustStandingOf({ ...facts, createdAt: new Date(now.getTime() - DAY) }, now);
    expect(young.level).toBe(0);
    expect(young.missing).toEqual([
      `注册满 ${TRUST_RULES.minAccountDays} 天（还差 ${TRUST_RULES.minAccountDays - 1} 天）`,
    ]);
    expect(trustStandingOf({ ...facts, likesReceived: 0, entriesRead: 3 }, now).level).toBe(0);
    expect(trustStandingOf({ ...facts, likesReceived: 0, entriesRead: TRUST_RULES.minEntriesRead }, now).level).toBe(1);
    const hidden = trustStandingOf({ ...facts, lastHiddenAt: new Date(now.getTime() - 2 * DAY) }, now);
    expect(hidden.missing).toEqual([
      `${TRUST_RULES.cleanDays} 天内没有内容被管理员隐藏（还需 ${TRUST_RULES.cleanDays - 2} 天）`,
    ]);
    expect(
      trustStandingOf({ ...facts, lastHiddenAt: new Date(now.getTime() - (TRUST_RULES.cleanDays + 1) * DAY) }, now)
        .level,
    ).toBe(1);
    expect(trustStandingOf({ ...facts, role: 'editor', createdAt: now, likesReceived: 0 }, now).level).toBe(1);
  });

  it('counts external links however they are written, not site links', () => {
    expect(countExternalLinks('看 https://a.example/x?y=1 和 <http://b.example> 还有 [c](https://c.example/p)')).toBe(
      3,
    );
    expect(countExternalLinks('[站内](/entry/1) ![图](/uploads/entry/a.webp) 没有外链')).toBe(0);
  });

  it('describes the limits in words', () => {
    expect(newAccountLimitLines()[0]).toBe('每天最多发布 3 篇文章');
  });
});
