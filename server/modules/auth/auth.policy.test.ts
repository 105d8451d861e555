import { describe, expect, it } from 'vitest';
import type { UserRole } from '@db/schema/users.ts';
import { AppError } from '../../http/errors.ts';
import { type Viewer, passesRoleCheck, requireRole, requireViewer } from './auth.policy.ts';

function viewer(role: UserRole, id = 'a'.repeat(24)): Viewer {
  return {
    id,
    username: 'someone',
    role,
    avatarLarge: '',
    isXiaoceAuthor: false,
    hasWallet: false,
    unreadUserNotificationCount: 0,
    unreadSystemNotificationCount: 0,
    sessionId: 's',
    clientId: 'c',
  };
}

function thrown(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('passesRoleCheck', () => {
  const other = 'b'.repeat(24);

  it('lets an admin pass every check', () => {
    const admin = viewer('admin');
    expect(passesRoleCheck(admin, {})).toBe(true);
    expect(passesRoleCheck(admin, { id: other })).toBe(true);
    expect(passesRoleCheck(admin, { roles: ['editor'] })).toBe(true);
    expect(passesRoleCheck(admin, { id: other, roles: [] })).toBe(true);
  });

  it('passes an empty check for anyone signed in', () => {
    expect(passesRoleCheck(viewer('user'), {})).toBe(true);
    expect(passesRoleCheck(viewer('guest'), {})).toBe(true);
  });

  it('requires the id to be the viewer’s', () => {
    const me = viewer('user');
    expect(passesRoleCheck(me, { id: me.id })).toBe(true);
    expect(passesRoleCheck(me, { id: other })).toBe(false);
  });

  it('requires the role to be in the list', () => {
    expect(passesRoleCheck(viewer('editor'), { roles: ['editor'] })).toBe(true);
    expect(passesRoleCheck(viewer('user'), { roles: ['editor'] })).toBe(false);
    expect(passesRoleCheck(viewer('user'), { roles: [] })).toBe(false);
  });

  it('requires both when both are given', () => {
    const editor = viewer('editor');
    expect(passesRoleCheck(editor, { id: editor.id, roles: ['editor'] })).toBe(true);
    expect(passesRoleCheck(editor, { id: other, roles: ['editor'] })).toBe(false);
    expect(passesRoleCheck(editor, { id: editor.id, roles: ['user'] })).toBe(false);
  });
});

describe('requireViewer and requireRole', () => {
  it('return the viewer when the check passes', () => {
    const me = viewer('user');
    expect(requireViewer(me)).toBe(me);
    expect(requireRole(me, { id: me.id })).toBe(me);
  });

  it('throw 401 Unauthorized when nobody is signed in', () => {
    for (const error of [thrown(() => requireViewer(null)), thrown(() => requireRole(null, {}))]) {
      expect(error.status).toBe(401);
      expect(error.message).toBe('Unauthorized');
    }
  });

  it('throw 403 Forbidden (envelope status 3) when the check fails', () => {
    const error = thrown(() => requireRole(viewer('user'), { roles: ['admin'] }));
    expect(error.status).toBe(403);
    expect(error.message).toBe('Forbidden');
    expect(error.s).toBe(3);
  });
});
