import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from '@db/client.ts';
import { BROADCAST, UNREAD_CHANNEL, type UnreadCounts, getUnreadCounts } from './notifications.service.ts';

/**
 * Live unread counts across app instances. Writers call pg_notify(UNREAD_CHANNEL, userId) inside
 * their transaction (see notify()); PostgreSQL delivers it on commit to every session that
 * LISTENs, in every process. Each process keeps one hub per database: while anybody is watching,
 * it holds one dedicated connection that LISTENs (PostgreSQL) or PGlite's own listener (one
 * process), re-reads the counts of the person named and pushes them to that person's open
 * streams. With nobody watching, the connection is closed.
 */
export type UnreadListener = (counts: UnreadCounts) => void;

interface Listening {
  stop(): Promise<void>;
}

const RECONNECT_MS = 2000;

class LiveHub {
  private readonly listeners = new Map<string, Set<UnreadListener>>();
  private listening: Promise<Listening> | null = null;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  /** Watches one person's counts; returns the function that stops watching. */
  subscribe(userId: string, listener: UnreadListener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    this.listening ??= this.listen();
    return () => {
      const current = this.listeners.get(userId);
      current?.delete(listener);
      if (current?.size === 0) this.listeners.delete(userId);
      if (this.listeners.size === 0) void this.stop();
    };
  }

  /** Resolves once this process receives notifications (tests wait for it before writing). */
  async ready(): Promise<void> {
    await this.listening;
  }

  private async stop() {
    const listening = this.listening;
    this.listening = null;
    if (listening) await (await listening.catch(() => null))?.stop();
  }

  private async dispatch(payload: string) {
    const targets = payload === BROADCAST ? [...this.listeners.keys()] : this.listeners.has(payload) ? [payload] : [];
    for (const userId of targets) {
      try {
        const counts = await getUnreadCounts({ db: this.db }, userId);
        for (const listener of this.listeners.get(userId) ?? []) listener(counts);
      } catch (error) {
        this.logger.warn({ err: error, userId }, 'live unread count: read failed');
      }
    }
  }

  private listen(): Promise<Listening> {
    const client = (this.db as unknown as { $client: unknown }).$client;
    if (client instanceof pg.Pool) return this.listenPostgres(client);
    return this.listenPglite(client as PGlite);
  }

  private async listenPglite(client: PGlite): Promise<Listening> {
    const unlisten = await client.listen(UNREAD_CHANNEL, (payload) => void this.dispatch(payload));
    return { stop: () => unlisten() };
  }

  /** A connection of its own, outside the pool: LISTEN holds its session. Reconnects when lost. */
  private async listenPostgres(pool: pg.Pool): Promise<Listening> {
    let client: pg.Client | null = null;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      const next = new pg.Client(pool.options);
      next.on('notification', (message) => {
        if (message.channel === UNREAD_CHANNEL && message.payload) void this.dispatch(message.payload);
      });
      next.on('error', (error) => {
        this.logger.warn({ err: error }, 'live unread count: listener connection lost');
        next.end().catch(() => {});
        if (client === next) client = null;
        if (!closed) retry = setTimeout(() => void connect().catch(() => {}), RECONNECT_MS);
      });
      await next.connect();
      await next.query(`LISTEN ${UNREAD_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
    };
    await connect();
    return {
      stop: async () => {
        closed = true;
        clearTimeout(retry);
        await client?.end().catch(() => {});
        client = null;
      },
    };
  }
}

const hubs = new WeakMap<Db, LiveHub>();

export function liveHub(db: Db, logger: Logger): LiveHub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = new LiveHub(db, logger);
    hubs.set(db, hub);
  }
  return hub;
}

/** Open event streams end at shutdown, so draining does not wait for them (clients reconnect elsewhere). */
const streamClosers = new Set<() => void>();
let shutdownHooked = false;

export function trackStream(close: () => void): () => void {
  if (!shutdownHooked) {
    shutdownHooked = true;
    // Only where the server's own graceful shutdown listens (server/index.ts), never replacing a default.
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      if (process.listenerCount(signal) === 0) continue;
      process.once(signal, () => {
        for (const closeStream of streamClosers) closeStream();
      });
    }
  }
  streamClosers.add(close);
  return () => streamClosers.delete(close);
}
