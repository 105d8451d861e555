import { describe, expect, it } from 'vitest';
import { GUEST_ID, ID_PATTERN, isValidId, newId } from './ids.ts';

describe('newId', () => {
  it('is 24 lowercase hex characters that pass the route rule', () => {
    const id = newId();
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(isValidId(id)).toBe(true);
  });

  it('starts with the creation second, so ids sort roughly by creation', () => {
    const at = Date.UTC(2026, 0, 1, 0, 0, 30, 999);
    const id = newId(at);
    expect(Number.parseInt(id.slice(0, 8), 16)).toBe(Math.floor(at / 1000));
    expect(newId(at + 1000) > newId(at)).toBe(true);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newId(0)));
    expect(ids.size).toBe(2000);
  });
});

describe('isValidId', () => {
  it('takes exactly 24 alphanumeric characters', () => {
    expect(isValidId('a'.repeat(24))).toBe(true);
    expect(isValidId('ABCdef0123456789abcdef01')).toBe(true);
    expect(isValidId('a'.repeat(23))).toBe(false);
    expect(isValidId('a'.repeat(25))).toBe(false);
    expect(isValidId(`${'a'.repeat(23)}-`)).toBe(false);
    expect(isValidId('')).toBe(false);
    expect(isValidId(null)).toBe(false);
    expect(isValidId(undefined)).toBe(false);
    expect(ID_PATTERN.test('你'.repeat(24))).toBe(false);
  });

  it('knows the guest placeholder as 24 zeros', () => {
    expect(GUEST_ID).toBe('000000000000000000000000');
    expect(isValidId(GUEST_ID)).toBe(true);
  });
});
