import { describe, expect, it } from 'vitest';
import { isAdmin, isAuthorOrAdmin } from './permissions.ts';

const author = { id: 'a'.repeat(24), role: 'user' };
const other = { id: 'b'.repeat(24), role: 'user' };
const admin = { id: 'c'.repeat(24), role: 'admin' };

describe('permissions', () => {
  it('lets the author and an admin, and nobody else, act on a thing', () => {
    expect(isAuthorOrAdmin(author, author.id)).toBe(true);
    expect(isAuthorOrAdmin(admin, author.id)).toBe(true);
    expect(isAuthorOrAdmin(other, author.id)).toBe(false);
    expect(isAuthorOrAdmin(null, author.id)).toBe(false);
  });

  it('leaves a thing whose author is gone to admins', () => {
    expect(isAuthorOrAdmin(author, null)).toBe(false);
    expect(isAuthorOrAdmin({ id: '', role: 'user' }, '')).toBe(false);
    expect(isAuthorOrAdmin(admin, null)).toBe(true);
  });

  it('knows an admin', () => {
    expect(isAdmin(admin)).toBe(true);
    expect(isAdmin(author)).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
  });
});
