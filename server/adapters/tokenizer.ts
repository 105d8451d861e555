import { Jieba } from '@node-rs/jieba';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Chinese word segmentation for full-text search (STACK-NOTES: Chinese search). Text is cut
 * with jieba into space-separated tokens and stored as to_tsvector('simple', …); queries are
 * cut the same way and searched with plainto_tsquery('simple', …), on PGlite and PostgreSQL.
 */

/** Technical terms the stock dictionary splits or misses; a high frequency makes jieba keep them whole. */
const TECH_TERMS = [
  '前端',
  '后端',
  '服务端',
  '客户端',
  '首屏',
  '开发者',
  '组合式',
  '组合式API',
  '选项式API',
  '微前端',
  '微服务',
  '小程序',
  '大模型',
  '大语言模型',
  '云原生',
  '低代码',
  '跨端',
  '跨平台',
  '鸿蒙',
  '响应式',
  '状态管理',
  '虚拟列表',
  '协程',
  '并发',
  '泛型',
  '闭包',
  '原型链',
  '事件循环',
  '垃圾回收',
  '内存泄漏',
  '热更新',
  '构建工具',
  '设计系统',
  '设计规范',
  '用户增长',
  '产品经理',
  '向量数据库',
  '提示词',
  '智能体',
  '检索增强',
  '全栈',
  '全文检索',
  '索引下推',
  '所有权',
  '生命周期',
];

/** Words too common to narrow a search; dropped on both sides so queries still match. */
const STOP_WORDS = new Set([
  '的',
  '了',
  '和',
  '与',
  '及',
  '或',
  '是',
  '在',
  '也',
  '就',
  '都',
  '而',
  '着',
  '把',
  '被',
  '让',
  '给',
  '对',
  '从',
  '这',
  '那',
  '吗',
  '呢',
  '吧',
  '啊',
  '呀',
  '嘛',
  '之',
  '其',
  'a',
  'an',
  'the',
  'of',
  'to',
  'and',
  'or',
  'in',
  'on',
  'is',
]);

/**
 * The dictionary's key on globalThis: one per process. The server bundle and React Router's server
 * build each hold a copy of this module (route loaders import services directly), so a module-level
 * instance was loaded twice once a page and the API had both tokenized: 36 MB of native memory
 * each (docs/performance.md, session 9).
 */
export const SHARED_JIEBA = Symbol.for('jinsha.tokenizer.jieba');

/**
 * Loading the dictionary takes about 0.3 s, so it happens on first use, once per process. The
 * file is read here rather than through `@node-rs/jieba/dict.js`, whose exports keep the 5 MB
 * dictionary and the 6 MB idf table (unused) in memory for the life of the process.
 */
function jieba(): Jieba {
  const holder = globalThis as { [SHARED_JIEBA]?: Jieba };
  let instance = holder[SHARED_JIEBA];
  if (!instance) {
    instance = Jieba.withDict(readFileSync(createRequire(import.meta.url).resolve('@node-rs/jieba/dict.txt')));
    instance.loadDict(Buffer.from(TECH_TERMS.map((term) => `${term} 100000 n`).join('\n'), 'utf-8'));
    holder[SHARED_JIEBA] = instance;
  }
  return instance;
}

/** jieba's cost grows badly with one huge input; sentences keep every call short. */
const SENTENCE_BREAK = /[。！？!?；;\n\r]+/;
/** A token counts only if it holds a letter or a digit; punctuation and spaces are dropped. */
const WORDLIKE = /[\p{L}\p{N}]/u;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

export interface TokenizeOptions {
  /**
   * Index mode also emits the shorter words inside long ones (微前端 → 前端, 微前端), so a
   * search for a part still finds the whole. Queries use the precise cut.
   */
  forIndex?: boolean;
}

/** Lower-cased search tokens of a text, without punctuation, whitespace or stop words. */
export function tokenize(text: string, options: TokenizeOptions = {}): string[] {
  const segmenter = jieba();
  const tokens: string[] = [];
  for (const sentence of text.split(SENTENCE_BREAK)) {
    if (!sentence.trim()) continue;
    const words = options.forIndex ? segmenter.cutForSearch(sentence, true) : segmenter.cut(sentence, true);
    for (const word of words) {
      const token = word.toLowerCase().replace(EDGE_PUNCTUATION, '');
      if (token && WORDLIKE.test(token) && !STOP_WORDS.has(token)) tokens.push(token);
    }
  }
  return tokens;
}

/** The text stored as to_tsvector('simple', …) for an entry: every part, segmented and space-joined. */
export function toSearchText(...parts: string[]): string {
  return parts.flatMap((part) => tokenize(part, { forIndex: true })).join(' ');
}

/** A user's query, segmented the same way, for plainto_tsquery('simple', …). */
export function toSearchQuery(query: string): string {
  return tokenize(query).join(' ');
}
