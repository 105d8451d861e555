/**
 * The messages a person can read when a request goes wrong, in one place: the transport's own
 * (by HTTP status, one spelling each) and the Chinese field message of every schema failure
 * that its schema did not word itself. Schemas that carry the spec's texts (用户名不能为空…)
 * keep them: a schema's own message always wins over this map.
 */
import { z } from 'zod';

/**
 * One text per HTTP status. 'Unauthorized' and 'Forbidden' are the spec's own words (SPEC §6,
 * §8: a forbidden role check gives 'Forbidden'; actions needing login reject with 'Unauthorized').
 */
export const TRANSPORT_MESSAGES = {
  400: '请求格式有误',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: '请求的内容不存在',
  405: '不支持此请求方法',
  413: '请求内容过大',
  415: '不支持此请求格式',
  429: '请求太频繁，请稍后再试',
  500: '服务器出错了，请稍后再试',
  503: '服务暂时不可用，请稍后再试',
} as const;

export type TransportStatus = keyof typeof TRANSPORT_MESSAGES;

/** The transport's text for a status; statuses without their own fall back to their class. */
export function transportMessage(status: number): string {
  if (status in TRANSPORT_MESSAGES) return TRANSPORT_MESSAGES[status as TransportStatus];
  return status >= 500 ? TRANSPORT_MESSAGES[500] : TRANSPORT_MESSAGES[400];
}

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '布尔值',
  array: '数组',
  object: '对象',
  date: '日期',
};

/** The zod issue fields this map reads (zod's raw issue, before its message is set). */
interface IssueLike {
  code?: string;
  path?: PropertyKey[];
  input?: unknown;
  expected?: string;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
  divisor?: number | bigint;
  keys?: string[];
  values?: unknown[];
}

function fieldOf(issue: IssueLike): string {
  const path = (issue.path ?? []).filter((part) => typeof part !== 'symbol').map(String);
  return path.length > 0 ? `参数 ${path.join('.')} ` : '请求内容';
}

/** A Chinese message naming the field for a schema failure zod would word in English. */
export function fieldIssueMessage(issue: IssueLike): string {
  const field = fieldOf(issue);
  const sized =
    issue.origin === 'string' ? 'string' : issue.origin === 'array' || issue.origin === 'set' ? 'list' : 'number';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `缺少${field}`.trim();
      return `${field}应为${TYPE_NAMES[issue.expected ?? ''] ?? '正确的格式'}`;
    case 'too_big': {
      const max = String(issue.maximum);
      if (sized === 'string') return `${field}不能超过 ${max} 个字符`;
      if (sized === 'list') return `${field}最多 ${max} 项`;
      return issue.inclusive === false ? `${field}应小于 ${max}` : `${field}不能大于 ${max}`;
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (sized === 'string') return min === '1' ? `${field}不能为空` : `${field}至少 ${min} 个字符`;
      if (sized === 'list') return `${field}至少 ${min} 项`;
      return issue.inclusive === false ? `${field}应大于 ${min}` : `${field}不能小于 ${min}`;
    }
    case 'invalid_value':
      return issue.values && issue.values.length > 0
        ? `${field}只能是 ${issue.values.map(String).join('、')}`
        : `${field}的值有误`;
    case 'not_multiple_of':
      return `${field}应为 ${String(issue.divisor)} 的倍数`;
    case 'unrecognized_keys':
      return `不支持的参数：${(issue.keys ?? []).join('、')}`;
    default:
      // invalid_format, invalid_union, invalid_key, invalid_element, custom
      return `${field}格式有误`;
  }
}

/**
 * Makes fieldIssueMessage zod's wording for every schema in this process (the server, and the
 * browser for forms): called by the API's router factory and by core/validation.ts, the forms' rules.
 */
export function installFieldMessages(): void {
  z.config({ customError: (issue) => fieldIssueMessage(issue as IssueLike) });
}
