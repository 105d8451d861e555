import type { Database } from '../client.ts';

export async function seedDemoIfEmpty(_database: Database): Promise<{ users: number } | null> {
  return null;
}
