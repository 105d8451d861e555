/** The suite's data: the demo content, plus people to sign in as, plus the ids the mix picks from. */
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { newId } from '@core/ids.ts';
import { type Database, rowsOf } from '../db/client.ts';
import { AVATAR_COUNT } from '../db/seed/artwork.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { users } from '../db/schema/users.ts';

export const LOAD_PASSWORD = 'jinsha-load-2026';

export interface Person {
  n: number;
  id: string;
  email: string;
}

export interface Catalog {
  /** Pages of entries: /post/{id} for column posts, /entry/{id} for the rest. */
  entries: Array<{ id: string; path: string }>;
  tagTitles: string[];
  tagIds: string[];
  /** A category with one of its tags: what a published entry is filed under. */
  publishTargets: Array<{ categoryId: string; tagId: string }>;
  pinIds: string[];
  /** Everyone one may follow (demo people and the suite's people). */
  userIds: string[];
}

/**
 * People load1…loadN (e-mail loadN@jinsha.dev), all with one password hash (argon2 takes tens of
 * milliseconds a hash), created a year ago with a verified e-mail, so no new-account limit applies.
 */
export async function seedPeople(database: Database, count: number): Promise<Person[]> {
  const passwordHash = await hash(LOAD_PASSWORD);
  const created = new Date(Date.now() - 365 * 86_400_000);
  const people: Person[] = Array.from({ length: count }, (_, i) => ({
    n: i + 1,
    id: newId(created.getTime() + i),
    email: `load${i + 1}@jinsha.dev`,
  }));
  for (let i = 0; i < people.length; i += 200) {
    await database.db.insert(users).values(
      people.slice(i, i + 200).map((p) => ({
        id: p.id,
        username: `压测用户${p.n}`,
        email: p.email,
        emailVerified: true,
        passwordHash,
        avatarLarge: `/avatars/${1 + (p.n % AVATAR_COUNT)}.svg`,
        selfDescription: '负载测试里的一位读者。',
        createdAt: created,
        updatedAt: created,
      })),
    );
  }
  return people;
}

export async function seedAll(database: Database, count: number): Promise<Person[]> {
  await database.migrate();
  await seedDemo(database);
  return seedPeople(database, count);
}

export async function loadCatalog(database: Database): Promise<Catalog> {
  const query = async <T>(text: string) => rowsOf<T>(await database.db.execute(sql.raw(text)));
  const entries = await query<{ id: string; type: string }>(
    `SELECT id, type FROM entries WHERE type IN ('article', 'post') ORDER BY hot_score DESC LIMIT 300`,
  );
  const tags = await query<{ id: string; title: string; category_id: string | null }>(
    'SELECT id, title, category_id FROM tags WHERE is_builtin ORDER BY entries_count DESC LIMIT 40',
  );
  const pins = await query<{ id: string }>('SELECT id FROM pins ORDER BY created_at DESC LIMIT 200');
  const people = await query<{ id: string }>('SELECT id FROM users');
  return {
    entries: entries.map((e) => ({ id: e.id, path: e.type === 'post' ? `/post/${e.id}` : `/entry/${e.id}` })),
    tagTitles: tags.map((t) => t.title),
    tagIds: tags.map((t) => t.id),
    publishTargets: tags.flatMap((t) => (t.category_id ? [{ categoryId: t.category_id, tagId: t.id }] : [])),
    pinIds: pins.map((p) => p.id),
    userIds: people.map((u) => u.id),
  };
}
