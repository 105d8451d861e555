import { type FormEvent, useState } from 'react';
import { SystemNoticeItem } from '~/features/notifications/notification-item.tsx';
import { NotificationList } from '~/features/notifications/notification-list.tsx';
import {
  fetchSystemNotifications,
  readAllSystem,
  sendSystemNotice,
} from '~/features/notifications/notifications-api.ts';
import { useAlerts } from '~/lib/alerts.ts';
import { useApiAction } from '~/lib/use-api-action.ts';
import { loadSystemNotifications } from '~/features/notifications/notifications.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import { Button } from '~/ui/button.tsx';
import type { Route } from './+types/notification-system';

/** /notification/system: system notices, newest first, more by `pointer`; admins can send one. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadSystemNotifications(context);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '系统通知');

export default function SystemNotifications({ loaderData }: Route.ComponentProps) {
  return (
    <NotificationList
      kind="system"
      label="系统通知列表"
      emptyText="暂无系统通知"
      initial={loaderData}
      isUnread={(notice) => !notice.check}
      markRead={(notice) => ({ ...notice, check: true })}
      fetchMore={fetchSystemNotifications}
      readAll={readAllSystem}
      renderItem={(notice) => <SystemNoticeItem key={notice.id} notice={notice} />}
      header={loaderData.isAdmin && <SendNoticeForm />}
    />
  );
}

/** Administrators: a notice to everyone, to one person by id, or to the followers of a tag. */
function SendNoticeForm() {
  const alerts = useAlerts();
  const { busy, run } = useApiAction();
  const [content, setContent] = useState('');
  const [userId, setUserId] = useState('');
  const [tagTitle, setTagTitle] = useState('');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!content.trim()) {
      alerts.push({ type: 'error', message: '通知内容不能为空' });
      return;
    }
    const notice = {
      content: content.trim(),
      userId: userId.trim() || undefined,
      tagTitle: tagTitle.trim() || undefined,
    };
    await run(() => sendSystemNotice(notice), {
      success: ({ sent }) => `已发送给 ${sent} 人`,
      done: () => {
        setContent('');
        setUserId('');
        setTagTitle('');
      },
    });
  }

  return (
    <form
      onSubmit={onSubmit}
      aria-label="发送系统通知"
      className="space-y-2 border-line border-b bg-page/50 px-4 py-4 sm:px-5"
    >
      <label htmlFor="notice-content" className="block font-medium text-fg">
        发送系统通知
      </label>
      <textarea
        id="notice-content"
        value={content}
        maxLength={500}
        rows={3}
        onChange={(e) => setContent(e.target.value)}
        placeholder="通知内容（最多 500 字）"
        className="w-full resize-none rounded border border-line bg-card px-3 py-2 outline-none focus:border-brand"
      />
      <div className="flex flex-wrap items-center gap-2">
        <input
          aria-label="接收者用户 id"
          value={userId}
          onChange={(e) => setUserId(e.target.value)}
          placeholder="接收者用户 id（留空则发给所有人）"
          className="h-9 min-w-0 flex-1 rounded border border-line bg-card px-3 outline-none focus:border-brand"
        />
        <input
          aria-label="标签名（发给关注该标签的人）"
          value={tagTitle}
          maxLength={32}
          onChange={(e) => setTagTitle(e.target.value)}
          placeholder="或标签名（发给关注该标签的人）"
          className="h-9 min-w-0 flex-1 rounded border border-line bg-card px-3 outline-none focus:border-brand"
        />
        <Button type="submit" size="md" disabled={busy}>
          发送
        </Button>
      </div>
    </form>
  );
}
