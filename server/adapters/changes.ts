import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database, Db } from '@db/client.ts';

/**
 * Changes that make this process's caches stale, told to every process through PostgreSQL
 * LISTEN/NOTIFY (docs/decisions/009-per-instance-caches.md).
 *
 * A writer calls publishChange() after its transaction committed: the change applies at once in
 * the writing process (so its next request already sees it), and `pg_notify` tells every other
 * process (PGlite: this one only). Each process holds one listening connection
 * (Database.listen); while it is not listening (starting, or after a lost connection, when
 * notifications may have been missed) the caches neither serve nor store.
 *
 * Kinds of change:
 * - `content` — a new, edited or deleted entry, comment, like, pin, event or booklet, by `userId`. It moves the
 *   process's content version: cached shared pages and feeds made before it are stale (they may
 *   still be served for a grace period, CACHE_GRACE_MS), and the writer is "a recent writer"
 *   for a while, so their own requests skip the shared caches and see their change at once.
 * - `session` — a session ended (key: the session's hash).
 * - `user` — something every cached session of a user holds changed, or their sessions were
 *   deleted (key: the user id).
 */
export const CHANGES_CHANNEL = 'jinsha_changes';
/**
 * The channel of unread notification counts (notifications.service notify()): the payload is the
 * recipient's id, or BROADCAST for everyone. Its listeners live in notifications.live.ts and in
 * the session cache (auth.service).
 */
export const UNREAD_CHANNEL = 'jinsha_unread';
export const BROADCAST = '*';

export type Change =
  | { kind: 'content'; what: ContentWhat; userId: string; id: string }
  | { kind: 'session'; key: string }
  | { kind: 'user'; key: string };

/** What a content change is about. */
export type ContentWhat = 'entry' | 'comment' | 'like' | 'pin' | 'event' | 'booklet' | 'repo' | 'banner';
const CONTENT_WHATS: readonly string[] = [
  'entry',
  'comment',
  'like',
  'pin',
  'event',
  'booklet',
  'repo',
  'banner',
] satisfies ContentWhat[];

/** `kind|a|b|c`: ids and hashes never contain the separator. */
function encode(change: Change): string {
  return change.kind === 'content'
    ? `content|${change.what}|${change.userId}|${change.id}`
    : `${change.kind}|${change.key}`;
}

function decode(payload: string): Change | null {
  const [kind, a = '', b = '', c = ''] = payload.split('|');
  if (kind === 'content' && CONTENT_WHATS.includes(a)) return { kind, what: a as ContentWhat, userId: b, id: c };
  if (kind === 'session' || kind === 'user') return { kind, key: a };
  return null;
}

/** What no change announces (view counts) is at most this old in a shared answer. */
const SHARED_MAX_AGE_MS = 60_000;

/** How long a writer's own requests skip the shared caches, beyond the grace period. */
const WRITER_MARGIN_MS = 3000;
/** Viewers' overlays kept per shared answer (more, and they start again). */
const MAX_OVERLAYS = 20_000;
/** Versions older than this are forgotten: anything made before them is simply stale. */
const HISTORY_MS = 10 * 60_000;

export class ChangeBus {
  /** Moves on every content change; a cache entry remembers the version it was made at. */
  private version = 0;
  /** When each recent version was reached. */
  private readonly reachedAt = new Map<number, number>();
  /** When each recent writer last changed content. */
  private readonly writers = new Map<string, number>();
  private readonly keyListeners = new Set<(change: Exclude<Change, { kind: 'content' }>) => void>();
  private readonly resetListeners = new Set<() => void>();
  private live = false;
  private readonly started: Promise<void>;
  /** Shared answers (remember()); off until configure() gives them room. */
  private answers: LRUCache<string, { value: unknown; version: number; bytes: number }> | null = null;
  private readonly computing = new Map<string, Promise<unknown>>();
  /** The grace period of shared answers (CACHE_GRACE_MS), set by configure(). */
  graceMs = 0;
  /** Each viewer's answers laid over a shared one (rememberForViewer), kept as long as the shared one lives. */
  private readonly overlays = new WeakMap<object, Map<string, { value: unknown; epoch: number }>>();
  /** Moves on every user change and reset; an overlay remembers the epoch its computation began at. */
  private epoch = 0;
  /** Overlays begun before this epoch are stale (a reset, a change to everyone). */
  private overlaysValidFrom = 0;
  /** The epoch and time of each recent user change. */
  private readonly userChanges = new Map<string, { epoch: number; at: number }>();

  constructor(database: Pick<Database, 'listen'>) {
    this.started = database
      .listen(CHANGES_CHANNEL, {
        notify: (payload) => {
          const change = decode(payload);
          if (change) this.apply(change);
        },
        reset: () => {
          this.live = false;
          this.resetAll();
        },
        resumed: () => {
          this.resetAll();
          this.live = true;
        },
      })
      .then(
        () => {
          this.live = true;
        },
        () => {
          this.live = false;
        },
      );
  }

  /**
   * Turns the shared answers on (createApp, from the environment): up to `entries` answers and
   * about `maxBytes` of heap (answerBytes), least recently used out first, each served while
   * fresh by `graceMs` (isFresh). Either limit at 0 turns them off.
   */
  configure(options: { graceMs: number; entries: number; maxBytes: number }) {
    this.graceMs = options.graceMs;
    this.answers =
      options.entries > 0 && options.maxBytes > 0
        ? new LRUCache({
            max: options.entries,
            maxSize: options.maxBytes,
            sizeCalculation: (stored) => stored.bytes,
            ttl: SHARED_MAX_AGE_MS,
          })
        : null;
  }

  /** Whether remember() keeps answers: configured and hearing every change. */
  get sharing(): boolean {
    return this.answers !== null && this.live;
  }

  /**
   * An answer that is the same for everyone (a feed's page, say): from memory while fresh — no
   * content change since it was computed, or the first one is younger than the grace period —
   * else computed, and kept. Callers asking for the same key at once share one computation.
   * Without sharing (not configured, or not listening) it always computes.
   */
  async remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const answers = this.answers;
    if (!answers || !this.live) return compute();
    const stored = answers.get(key);
    if (stored && this.isFresh(stored.version, this.graceMs)) return stored.value as T;
    const pending = this.computing.get(key);
    if (pending) return pending as Promise<T>;
    const version = this.version;
    const computation = compute().then((value) => {
      answers.set(key, { value, version, bytes: answerBytes(value) });
      return value;
    });
    this.computing.set(key, computation);
    try {
      return await computation;
    } finally {
      this.computing.delete(key);
    }
  }

  /**
   * A viewer's answer about a shared one (their likes among a feed page's entries): from memory
   * while the shared answer is the one they got before — a new page is a new object — and nothing
   * of theirs changed since (any write of theirs publishes a `user` change, in every process).
   */
  async rememberForViewer<T>(shared: object, userId: string, compute: () => Promise<T>): Promise<T> {
    if (!this.sharing) return compute();
    let byViewer = this.overlays.get(shared);
    const stored = byViewer?.get(userId);
    if (stored && stored.epoch >= this.overlaysValidFrom && (this.userChanges.get(userId)?.epoch ?? -1) < stored.epoch)
      return stored.value as T;
    const epoch = ++this.epoch;
    const value = await compute();
    if (!byViewer) {
      byViewer = new Map();
      this.overlays.set(shared, byViewer);
    }
    if (byViewer.size >= MAX_OVERLAYS) byViewer.clear();
    byViewer.set(userId, { value, epoch });
    return value;
  }

  /** Resolves once this process hears every change (or failed to start listening). */
  ready(): Promise<void> {
    return this.started;
  }

  /** Whether caches may serve and store: this process hears every change. */
  get listening(): boolean {
    return this.live;
  }

  contentVersion(): number {
    return this.version;
  }

  /**
   * The oldest content version whose cached answers are still served now (isFresh): what an
   * answer built on top of other cached answers (a page over a remembered feed) may hold. Stamp
   * such an answer with this, not the current version, or a page rendered during the grace period
   * from a feed computed before the change would pass for fresh until the next change.
   */
  oldestServedVersion(graceMs: number, now = Date.now()): number {
    let version = this.version;
    while (version > 0) {
      const reached = this.reachedAt.get(version);
      if (reached === undefined || now - reached >= graceMs) break;
      version -= 1;
    }
    return version;
  }

  /**
   * Whether something made at content `version` may still be served `now`: nothing changed
   * since, or the first change after it is younger than `graceMs`.
   */
  isFresh(version: number, graceMs: number, now = Date.now()): boolean {
    if (version === this.version) return true;
    const changedAt = this.reachedAt.get(version + 1);
    return changedAt !== undefined && now - changedAt < graceMs;
  }

  /**
   * Whether the user changed content within `graceMs` and a margin: their requests skip the
   * shared caches, so they see their own change at once.
   */
  isRecentWriter(userId: string, graceMs: number, now = Date.now()): boolean {
    const at = this.writers.get(userId);
    return at !== undefined && now - at < graceMs + WRITER_MARGIN_MS;
  }

  /** Session and user changes (the session cache listens). */
  onKeyChange(listener: (change: Exclude<Change, { kind: 'content' }>) => void): () => void {
    this.keyListeners.add(listener);
    return () => this.keyListeners.delete(listener);
  }

  /** Called when notifications may have been missed: drop everything cached. */
  onReset(listener: () => void): () => void {
    this.resetListeners.add(listener);
    return () => this.resetListeners.delete(listener);
  }

  /** Applies a change in this process (publishChange calls it before telling the others). */
  apply(change: Change, now = Date.now()) {
    if (change.kind === 'content') {
      this.version += 1;
      this.reachedAt.set(this.version, now);
      this.writers.set(change.userId, now);
      this.prune(now);
      return;
    }
    if (change.kind === 'user') {
      if (change.key === BROADCAST) this.overlaysValidFrom = ++this.epoch;
      else this.userChanges.set(change.key, { epoch: ++this.epoch, at: now });
      this.prune(now);
    }
    for (const listener of this.keyListeners) listener(change);
  }

  private resetAll() {
    // A new version makes every cached page and feed stale at once (no grace: changes were missed).
    this.version += 1;
    this.reachedAt.clear();
    this.answers?.clear();
    this.overlaysValidFrom = ++this.epoch;
    for (const listener of this.resetListeners) listener();
  }

  private prune(now: number) {
    if (this.reachedAt.size < 1000 && this.writers.size < 1000 && this.userChanges.size < 1000) return;
    for (const [version, at] of this.reachedAt) if (now - at > HISTORY_MS) this.reachedAt.delete(version);
    for (const [userId, at] of this.writers) if (now - at > HISTORY_MS) this.writers.delete(userId);
    // Overlays live with shared answers, which are at most SHARED_MAX_AGE_MS old.
    for (const [userId, { at }] of this.userChanges) if (now - at > HISTORY_MS) this.userChanges.delete(userId);
  }
}

/**
 * About what an answer holds in the heap: twice its JSON (measured on feed pages of 20 and 100
 * rows: 43 KB and 190 KB of heap for 21 KB and 104 KB of JSON). A count alone did not bound
 * memory: the key holds the page size (up to 100 rows), so 2,000 answers could hold 380 MB.
 */
export function answerBytes(value: unknown): number {
  try {
    return 2 * (JSON.stringify(value)?.length ?? 0) + 256;
  } catch {
    return 64 * 1024;
  }
}

/**
 * The buses of this process, one per database. Kept on globalThis: production runs two bundles
 * (build/server-app for the server, build/server for the route modules), each with its own copy
 * of this module, and the loaders' services must find the bus the server made (else every
 * signed-in feed page computed its own list and a route action's change was not applied at once).
 */
const BUSES = Symbol.for('jinsha.changeBuses');
const buses: WeakMap<Db, ChangeBus> =
  ((globalThis as Record<symbol, unknown>)[BUSES] as WeakMap<Db, ChangeBus> | undefined) ??
  new WeakMap<Db, ChangeBus>();
(globalThis as Record<symbol, unknown>)[BUSES] = buses;

/** The bus createApp made for this database, if any (services reach their shared answers through it). */
export function changeBusOf(db: Db): ChangeBus | undefined {
  return buses.get(db);
}

/** The process's bus for a database, created (and listening) on first use. */
export function changeBus(database: Pick<Database, 'db' | 'listen'>): ChangeBus {
  let bus = buses.get(database.db);
  if (!bus) {
    bus = new ChangeBus(database);
    buses.set(database.db, bus);
  }
  return bus;
}

/**
 * Tells every process (this one at once) that something changed. Call it after the transaction
 * that made the change committed, with the database handle (not the transaction).
 */
export async function publishChange(db: Db, change: Change): Promise<void> {
  buses.get(db)?.apply(change);
  await db.execute(sql`SELECT pg_notify(${CHANGES_CHANNEL}, ${encode(change)})`);
}
