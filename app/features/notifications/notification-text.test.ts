import { describe, expect, it } from 'vitest';
import { actorsText, notificationParts, notificationText } from './notification-text.ts';
import type { NotificationGroupView } from './types.ts';

const user = (username: string) => ({ id: username, username, avatarLarge: '' });

function group(overrides: Partial<NotificationGroupView>): NotificationGroupView {
  return {
    id: 'g',
    type: 'like_entry',
    userList: [user('甲')],
    count: 1,
    entry: { id: 'e', title: '标题', type: 'article' },
    pin: null,
    comment: null,
    reply: null,
    collection: null,
    repo: null,
    read: false,
    createdAt: '',
    updatedAt: '',
    ...overrides,
  };
}

describe('notification text', () => {
  it('names one, two, or two and 等 N 人', () => {
    expect(actorsText(['甲'], 1)).toBe('甲');
    expect(actorsText(['甲', '乙'], 2)).toBe('甲、乙');
    expect(actorsText(['甲', '乙', '丙'], 5)).toBe('甲、乙 等 5 人');
    expect(actorsText(['甲', '乙'], 3)).toBe('甲、乙 等 3 人');
  });

  it('writes the spec’s sentence for each kind', () => {
    expect(notificationText(group({ userList: [user('A'), user('B')], count: 5 }))).toBe(
      'A、B 等 5 人赞了你的文章 《标题》',
    );
    expect(notificationText(group({ type: 'follow', entry: null }))).toBe('甲关注了你');
    expect(
      notificationText(group({ type: 'follow_collection', entry: null, collection: { id: 'c', title: '集' } })),
    ).toBe('甲关注了你的收藏集 《集》');
    expect(notificationText(group({ type: 'collect_entry' }))).toBe('甲收藏了你的文章 《标题》');
  });

  it('shows a gone target as its placeholder, unlinked, with the placeholder text', () => {
    const gone = group({ entry: { id: '0'.repeat(24), title: '未知文章', type: 'article' } });
    expect(notificationText(gone)).toBe('甲赞了你的文章 《未知文章》');
    expect(notificationParts(gone).target?.href).toBeNull();
    expect(notificationParts(gone).quote).toBe('此文章不存在');
    const goneCollection = group({
      type: 'follow_collection',
      entry: null,
      collection: { id: '0'.repeat(24), title: '未知收藏集' },
    });
    expect(notificationParts(goneCollection)).toMatchObject({ target: { href: null }, quote: '此收藏集不存在' });
  });
});
