import { LRUCache } from 'lru-cache';
import type { Database } from '@db/client.ts';
import { BROADCAST, type ChangeBus, UNREAD_CHANNEL } from '../../adapters/changes.ts';
import type { Viewer } from './auth.policy.ts';
import { type SessionResolver, hashSessionToken, resolveSession } from './auth.service.ts';

/**
 * Resolves session tokens to viewers, remembering each answer for a few seconds in this process
 * (SESSION_CACHE_SECONDS), so a signed-in page view does not start with a database round trip.
 * What a cached viewer holds is dropped as soon as it changes, in every process:
 * - a session that ends (sign-out, "end this session", a password reset) — `session` and `user`
 *   changes (server/adapters/changes.ts);
 * - the unread counts — the `jinsha_unread` notification every notification write sends;
 * - anything else about the person (name, avatar, role) — after any write request of theirs that
 *   went through, in every process (dropViewer here, a `user` change for the others:
 *   server/http/request-context.ts); a change made by someone else (an administrator) publishes its own.
 * Nothing is remembered while the process might miss those notifications.
 */
interface Cached {
  viewer: Viewer;
  userId: string;
}

export function createSessionResolver(
  database: Pick<Database, 'db' | 'listen'>,
  bus: ChangeBus,
  ttlSeconds: number,
): SessionResolver {
  if (ttlSeconds <= 0)
    return { resolve: (token) => resolveSession(database, token), ready: async () => {}, dropViewer: () => {} };
  const byUser = new Map<string, Set<string>>();
  const sessions = new LRUCache<string, Cached>({
    max: 20_000,
    ttl: ttlSeconds * 1000,
    dispose: (value, hash) => {
      const hashes = byUser.get(value.userId);
      hashes?.delete(hash);
      if (hashes?.size === 0) byUser.delete(value.userId);
    },
  });
  /** Moves on every drop: an answer read from the database before a drop is not kept. */
  let generation = 0;
  const dropUser = (userId: string) => {
    generation += 1;
    if (userId === BROADCAST) return sessions.clear();
    for (const hash of [...(byUser.get(userId) ?? [])]) sessions.delete(hash);
  };
  const clear = () => {
    generation += 1;
    sessions.clear();
  };
  bus.onKeyChange((change) => {
    if (change.kind === 'user') return dropUser(change.key);
    generation += 1;
    sessions.delete(change.key);
  });
  bus.onReset(clear);
  let unreadLive = false;
  const listening = database
    .listen(UNREAD_CHANNEL, {
      notify: dropUser,
      reset: () => {
        unreadLive = false;
        clear();
      },
      resumed: () => {
        unreadLive = true;
      },
    })
    .then(
      () => {
        unreadLive = true;
      },
      () => {},
    );

  return {
    async resolve(token) {
      if (!token || token.length > 100) return null;
      const hash = hashSessionToken(token);
      const cached = sessions.get(hash);
      if (cached) return cached.viewer;
      const before = generation;
      const viewer = await resolveSession(database, token);
      if (viewer && bus.listening && unreadLive && generation === before) {
        const left = viewer.sessionExpiresAt
          ? viewer.sessionExpiresAt.getTime() - Date.now()
          : Number.POSITIVE_INFINITY;
        sessions.set(hash, { viewer, userId: viewer.id }, { ttl: Math.max(1, Math.min(ttlSeconds * 1000, left)) });
        let hashes = byUser.get(viewer.id);
        if (!hashes) {
          hashes = new Set();
          byUser.set(viewer.id, hashes);
        }
        hashes.add(hash);
      }
      return viewer;
    },
    async ready() {
      await Promise.all([listening, bus.ready()]);
    },
    dropViewer: dropUser,
  };
}
