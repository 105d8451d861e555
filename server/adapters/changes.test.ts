import { describe, expect, it } from 'vitest';
import type { Database } from '@db/client.ts';
import { changeBus, changeBusOf } from './changes.ts';

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
