import { describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { answerBytes, changeBus, changeBusOf } from './changes.ts';

/**
 * Production runs two bundles, the server (build/server-app) and the route modules
 * (build/server), each with its own copy of this module: a loader's service must find the bus
 * the server made, or signed-in feed pages never share their lists (issue 10).
 */
describe('the change bus registry', () => {
  it('is one per process, whichever copy of the module asks', async () => {
    const database = { db: {}, listen: () => new Promise(() => {}) } as unknown as Database;
    const bus = changeBus(database);
    const path = './changes.ts?second-copy';
    const copy = (await import(/* @vite-ignore */ path)) as typeof import('./changes.ts');
    expect(copy.changeBusOf).not.toBe(changeBusOf);
    expect(copy.changeBusOf(database.db)).toBe(bus);
    expect(copy.changeBus(database)).toBe(bus);
  });
});

describe('shared answers', () => {
  async function liveBus(options: { entries: number; maxBytes: number }) {
    const database = { db: {}, listen: async () => {} } as unknown as Database;
    const bus = changeBus(database);
    await bus.ready();
    bus.configure({ graceMs: 0, ...options });
    return bus;
  }
  /** A feed page's shape: `rows` entries of about 1 KB of JSON each. */
  const page = (rows: number) => ({
    entrylist: Array.from({ length: rows }, (_, i) => ({ id: i, text: 'x'.repeat(1000) })),
  });

  it('are bounded by their estimated bytes, not only by their count', async () => {
    // Room for about five pages of 10 rows (about 20 KB each), and a count that would allow 1,000.
    const bus = await liveBus({ entries: 1000, maxBytes: 5 * answerBytes(page(10)) + 1000 });
    let computed = 0;
    const get = (key: string) =>
      bus.remember(key, async () => {
        computed++;
        return page(10);
      });
    for (let i = 0; i < 20; i++) await get(`page ${i}`);
    expect(computed).toBe(20);
    await get('page 19');
    expect(computed).toBe(20); // the newest is kept
    await get('page 0');
    expect(computed).toBe(21); // the oldest went out for room
  });

  it('skip an answer larger than the whole room, and are off when given no bytes', async () => {
    const small = await liveBus({ entries: 1000, maxBytes: answerBytes(page(10)) });
    let computed = 0;
    const big = async () => {
      computed++;
      return page(100);
    };
    await small.remember('big', big);
    await small.remember('big', big);
    expect(computed).toBe(2);
    const off = await liveBus({ entries: 1000, maxBytes: 0 });
    expect(off.sharing).toBe(false);
  });

  it('estimate about twice the JSON of an answer', () => {
    const json = JSON.stringify(page(20)).length;
    expect(answerBytes(page(20))).toBeGreaterThanOrEqual(2 * json);
    expect(answerBytes(page(20))).toBeLessThan(2 * json + 1024);
  });
});

/** A viewer's marks on a shared feed page are read once a page, not once a request (issue 10, goal 3). */
describe('viewers’ answers over a shared one', () => {
  async function liveBus() {
    const database = { db: {}, listen: async () => {} } as unknown as Database;
    const bus = changeBus(database);
    await bus.ready();
    bus.configure({ graceMs: 0, entries: 100, maxBytes: 1_000_000 });
    return bus;
  }

  it('are kept with the shared answer until the viewer changes something', async () => {
    const bus = await liveBus();
    const page = {};
    let reads = 0;
    const marks = (userId: string, on = page) => bus.rememberForViewer(on, userId, async () => ++reads);
    expect(await marks('ann')).toBe(1);
    expect(await marks('ann')).toBe(1);
    expect(await marks('bob')).toBe(2); // each viewer their own
    bus.apply({ kind: 'user', key: 'ann' }); // a write of hers, in any process
    expect(await marks('ann')).toBe(3);
    expect(await marks('bob')).toBe(2);
    expect(await marks('bob', {})).toBe(4); // a new page is a new object
  });

  it('are not kept when the viewer changed something while they were read, nor after a reset', async () => {
    const bus = await liveBus();
    const page = {};
    let reads = 0;
    const first = bus.rememberForViewer(page, 'ann', async () => {
      bus.apply({ kind: 'user', key: 'ann' }); // her like lands while the query runs
      return ++reads;
    });
    expect(await first).toBe(1);
    expect(await bus.rememberForViewer(page, 'ann', async () => ++reads)).toBe(2);
    expect(await bus.rememberForViewer(page, 'ann', async () => ++reads)).toBe(2);
    bus.apply({ kind: 'user', key: '*' }); // everyone (an administrator's change to all)
    expect(await bus.rememberForViewer(page, 'ann', async () => ++reads)).toBe(3);
  });
});
