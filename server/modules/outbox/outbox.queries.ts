import { desc } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
import { outbox } from '@db/schema/users.ts';

/** The newest outbox rows (served by outbox_created_idx). */
export async function selectLatestOutbox(db: Db, limit: number) {
  return db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      recipient: outbox.recipient,
      subject: outbox.subject,
      body: outbox.body,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
}
