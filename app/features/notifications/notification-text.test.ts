import { describe, expect, it } from 'vitest';
import { actorsText, notificationText } from './notification-text.ts';
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
});
