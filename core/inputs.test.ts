import { describe, expect, it } from 'vitest';
import { ID_LIST_MAX, INVALID_ID_MESSAGE, idListSchema, parseIdList } from './inputs.ts';

const a = 'a'.repeat(24);
const b = 'b'.repeat(24);

describe('parseIdList', () => {
  it('splits on the pipe and drops repeats, keeping the order', () => {
    expect(parseIdList(`${b}|${a}|${b}|`)).toEqual([b, a]);
  });

  it('refuses a non-id, an empty list (unless allowed) and more than the maximum', () => {
    expect(parseIdList(`${a}|nope`)).toBeNull();
    expect(parseIdList('')).toBeNull();
    expect(parseIdList('', { allowEmpty: true })).toEqual([]);
    const many = Array.from({ length: ID_LIST_MAX + 1 }, (_, i) => i.toString(16).padStart(24, '0'));
    expect(parseIdList(many.join('|'))).toBeNull();
    expect(parseIdList(many.slice(1).join('|'))).toHaveLength(ID_LIST_MAX);
  });

  it('takes commas only when asked', () => {
    expect(parseIdList(`${a},${b}`)).toBeNull();
    expect(parseIdList(`${a},${b}`, { commas: true })).toEqual([a, b]);
  });
});

describe('idListSchema', () => {
  it('gives the ids, or fails with INVALID_ID_MESSAGE', () => {
    expect(idListSchema().parse(`${a}|${b}`)).toEqual([a, b]);
    const failed = idListSchema().safeParse('nope');
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toBe(INVALID_ID_MESSAGE);
    expect(idListSchema().safeParse('x'.repeat(3000)).error?.issues[0]?.message).toBe(INVALID_ID_MESSAGE);
  });
});
