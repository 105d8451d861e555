import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldIssueMessage, installFieldMessages, transportMessage } from './messages.ts';

installFieldMessages();

function messageOf(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues[0].message;
}

describe('field messages', () => {
  it('word every common failure in Chinese with the field', () => {
    const shape = z.object({
      name: z.string().max(3),
      tags: z.array(z.string()).min(1),
      age: z.coerce.number().int().min(0),
      kind: z.enum(['a', 'b']),
      site: z.string().url(),
    });
    const base = { name: 'ok', tags: ['x'], age: 1, kind: 'a', site: 'https://x.example' };
    expect(messageOf(shape, { ...base, name: 'toolong' })).toBe('参数 name 不能超过 3 个字符');
    expect(messageOf(shape, { ...base, tags: [] })).toBe('参数 tags 至少 1 项');
    expect(messageOf(shape, { ...base, age: -1 })).toBe('参数 age 不能小于 0');
    expect(messageOf(shape, { ...base, age: 'x' })).toBe('参数 age 应为数字');
    expect(messageOf(shape, { ...base, kind: 'c' })).toBe('参数 kind 只能是 a、b');
    expect(messageOf(shape, { ...base, site: 'nope' })).toBe('参数 site 格式有误');
    expect(messageOf(shape, { ...base, name: undefined })).toBe('缺少参数 name');
    expect(messageOf(z.object({ a: z.string() }), 'text')).toBe('请求内容应为对象');
  });

  it('leave a schema’s own message alone', () => {
    expect(messageOf(z.string().min(1, '用户名不能为空'), '')).toBe('用户名不能为空');
    expect(messageOf(z.string({ error: '请填写手机号或邮箱' }), undefined)).toBe('请填写手机号或邮箱');
  });

  it('name nested fields by their path', () => {
    expect(fieldIssueMessage({ code: 'too_small', path: ['form', 'title'], origin: 'string', minimum: 1 })).toBe(
      '参数 form.title 不能为空',
    );
  });
});

describe('transport messages', () => {
  it('have one text per status, falling back by class', () => {
    expect(transportMessage(404)).toBe('请求的内容不存在');
    expect(transportMessage(418)).toBe('请求格式有误');
    expect(transportMessage(502)).toBe('服务器出错了，请稍后再试');
    expect(transportMessage(403)).toBe('Forbidden');
  });
});
