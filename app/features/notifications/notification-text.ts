import { isGuestId } from '@core/ids.ts';
import { PLACEHOLDERS } from '@core/placeholders.ts';
import { entryHref } from '~/lib/links.ts';
import type { NotificationGroupView } from './types.ts';

/** Names shown before 等 N 人. */
export const NAMES_SHOWN = 2;

/** 'A'、'A、B' or 'A、B 等 5 人': who did it. */
export function actorsText(names: string[], count: number): string {
  const shown = names.slice(0, NAMES_SHOWN).join('、');
  return count > Math.min(names.length, NAMES_SHOWN) ? `${shown} 等 ${count} 人` : shown;
}

export interface NotificationParts {
  /** What they did, after the names. */
  action: string;
  /** The target's title, shown in 《》 and linked; without a link when it is gone (a placeholder). */
  target: { text: string; href: string | null } | null;
  /** A comment or reply text, quoted under the line. */
  quote: string | null;
}

function entryTarget(group: NotificationGroupView) {
  if (!group.entry) return null;
  return { text: `《${group.entry.title}》`, href: isGuestId(group.entry.id) ? null : entryHref(group.entry) };
}

function pinTarget(group: NotificationGroupView) {
  if (!group.pin) return null;
  return { text: `「${group.pin.content}」`, href: isGuestId(group.pin.id) ? null : `/pin/${group.pin.id}` };
}

/** Under a line whose target is gone: the placeholder's text (此文章不存在…). */
function goneText(group: NotificationGroupView): string | null {
  if (group.entry && isGuestId(group.entry.id)) return PLACEHOLDERS.entry.content;
  if (group.collection && isGuestId(group.collection.id)) return PLACEHOLDERS.collection.description;
  return null;
}

/** The sentence of a group: 'A、B 等 5 人赞了你的文章 《…》'; a target that is gone quotes its placeholder text. */
export function notificationParts(group: NotificationGroupView): NotificationParts {
  const parts = sentenceParts(group);
  return { ...parts, quote: parts.quote ?? goneText(group) };
}

function sentenceParts(group: NotificationGroupView): NotificationParts {
  switch (group.type) {
    case 'follow':
      return { action: '关注了你', target: null, quote: null };
    case 'like_entry':
      return { action: '赞了你的文章', target: entryTarget(group), quote: null };
    case 'comment_entry':
      return { action: '评论了你的文章', target: entryTarget(group), quote: group.comment?.content ?? null };
    case 'like_pin':
      return { action: '赞了你的沸点', target: pinTarget(group), quote: null };
    case 'comment_pin':
      return { action: '评论了你的沸点', target: pinTarget(group), quote: group.comment?.content ?? null };
    case 'like_comment':
      return {
        action: '赞了你的评论',
        target: entryTarget(group) ?? pinTarget(group),
        quote: group.comment?.content ?? null,
      };
    case 'reply':
      return {
        action: '回复了你的评论',
        target: entryTarget(group) ?? pinTarget(group),
        quote: group.reply?.content ?? null,
      };
    case 'follow_collection':
      return {
        action: '关注了你的收藏集',
        target: group.collection
          ? {
              text: `《${group.collection.title}》`,
              href: isGuestId(group.collection.id) ? null : `/collection/${group.collection.id}`,
            }
          : null,
        quote: null,
      };
    case 'collect_entry':
      return { action: '收藏了你的文章', target: entryTarget(group), quote: null };
  }
}

/** The whole line as plain text (for labels and tests). */
export function notificationText(group: NotificationGroupView): string {
  const parts = notificationParts(group);
  const who = actorsText(
    group.userList.map((u) => u.username),
    group.count,
  );
  return `${who}${parts.action}${parts.target ? ` ${parts.target.text}` : ''}`;
}
