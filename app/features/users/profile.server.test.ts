import { forbidden, notFound } from '@server/http/errors.ts';
import type { AppLoadContext } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadProfilePage } from './profile.server.ts';

// The services answer as they would for a person who does not exist, or whose purchases the
// visitor may not see; what is tested is how the page's loader combines them.
const services = vi.hoisted(() => ({ profileExists: true }));

vi.mock('@server/modules/profiles/profiles.service.ts', () => ({
  async getUserProfile(_ctx: unknown, id: string) {
    // The profile answers later than the tab refuses, as a query does after a policy check.
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (!services.profileExists) throw notFound('此用户不存在');
    return { id, username: 'someone' };
  },
  async listBoughtBooks() {
    throw forbidden('Forbidden');
  },
  async listUserEntries() {
    return { entrylist: [], pointer: null };
  },
}));

const context = { db: {}, viewer: null } as unknown as AppLoadContext;
const id = 'a'.repeat(24);
const url = (path: string) => new URL(path, 'http://localhost');

/** What a loader threw: a route error (data) or a redirect, as status and what it carries. */
async function thrown(call: Promise<unknown>) {
  const error = await call.then(
    () => expect.unreachable('the loader should have thrown'),
    (reason: unknown) => reason,
  );
  if (error instanceof Response) return { status: error.status, location: error.headers.get('Location') };
  const route = error as { init?: { status?: number }; data?: unknown };
  return { status: route.init?.status, data: route.data };
}

beforeEach(() => {
  services.profileExists = true;
});

describe('loadProfilePage', () => {
  it('loads the profile and its tab', async () => {
    const page = await loadProfilePage(context, { id, type: 'posts' }, url(`/user/${id}/posts`));
    expect(page.profile).toEqual({ id, username: 'someone' });
    expect(page.type).toBe('posts');
    expect(page.tab).toMatchObject({ kind: 'entries', pointer: null });
  });

  it('answers 404 for an unknown person, even when the tab refused first (403)', async () => {
    services.profileExists = false;
    const result = await thrown(loadProfilePage(context, { id, type: 'books' }, url(`/user/${id}/books?type=bought`)));
    expect(result).toEqual({ status: 404, data: { message: '此用户不存在' } });
  });

  it('answers the tab’s refusal for a known person', async () => {
    const result = await thrown(loadProfilePage(context, { id, type: 'books' }, url(`/user/${id}/books?type=bought`)));
    expect(result).toEqual({ status: 403, data: { message: 'Forbidden' } });
  });

  it('sends the spec’s tab names to ours (301) and answers 404 for an unknown tab or id', async () => {
    const moved = await thrown(loadProfilePage(context, { id, type: 'bought' }, url(`/user/${id}/bought?x=1`)));
    expect(moved).toEqual({ status: 301, location: `/user/${id}/books?x=1&type=bought` });
    expect((await thrown(loadProfilePage(context, { id, type: 'nothing' }, url('/')))).status).toBe(404);
    expect((await thrown(loadProfilePage(context, { id: 'x', type: undefined }, url('/')))).status).toBe(404);
  });
});
