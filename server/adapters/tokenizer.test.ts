import { createRequire } from 'node:module';
import { Jieba } from '@node-rs/jieba';
import { describe, expect, it, vi } from 'vitest';
import { SHARED_JIEBA, tokenize, toSearchQuery, toSearchText } from './tokenizer.ts';

describe('tokenize', () => {
  it('keeps technical terms whole', () => {
    const tokens = tokenize('使用组合式API开发微前端应用，服务端渲染能优化首屏性能，开发者还可以接入大模型和小程序。');
    for (const term of ['组合式api', '微前端', '服务端', '首屏', '开发者', '大模型', '小程序']) {
      expect(tokens).toContain(term);
    }
  });

  it('splits front-end and back-end words out of a sentence', () => {
    expect(tokenize('前端和后端怎么分工')).toEqual(['前端', '后端', '怎么', '分工']);
  });

  it('lower-cases and drops punctuation, whitespace and stop words', () => {
    expect(tokenize('  PostgreSQL 的 B-Tree 索引！？（入门）  ')).toEqual(['postgresql', 'b', 'tree', '索引', '入门']);
  });

  it('handles mixed Chinese and English text', () => {
    expect(tokenize('Kotlin 协程与 Go 并发模型对比；Rust 所有权与生命周期')).toEqual([
      'kotlin',
      '协程',
      'go',
      '并发',
      '模型',
      '对比',
      'rust',
      '所有权',
      '生命周期',
    ]);
  });

  it('returns nothing for blank or punctuation-only input', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize(' 。，！？——…… ')).toEqual([]);
  });

  it('does not load the module that keeps the dictionary and idf files in memory for good', () => {
    tokenize('前端');
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.some((file) => file.endsWith('jieba/index.js'))).toBe(true);
    expect(loaded.filter((file) => file.includes('@node-rs/jieba/dict'))).toEqual([]);
  });

  it('stays fast on a long text by cutting sentence by sentence', () => {
    const long = '前端性能优化是一个系统工程，需要从网络、渲染和脚本三个方面入手。'.repeat(5000);
    const started = performance.now();
    const tokens = tokenize(long, { forIndex: true });
    expect(tokens.length).toBeGreaterThan(50_000);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('toSearchText and toSearchQuery', () => {
  it('index mode adds the shorter words inside long ones, so a part finds the whole', () => {
    const indexed = toSearchText('微前端架构实践', '服务端渲染').split(' ');
    expect(indexed).toEqual(expect.arrayContaining(['微前端', '前端', '服务端', '服务', '渲染', '架构', '实践']));
    for (const term of toSearchQuery('前端 架构').split(' ')) expect(indexed).toContain(term);
  });

  it('joins the tokens of every part with spaces', () => {
    expect(toSearchText('React Server Components', '首屏')).toBe('react server components 首屏');
  });

  it('segments a query the precise way', () => {
    expect(toSearchQuery('  如何优化 PostgreSQL 索引？ ')).toBe('如何 优化 postgresql 索引');
    expect(toSearchQuery('？！')).toBe('');
  });
});

describe('the dictionary', () => {
  it('is loaded once per process, however many copies of the module the builds hold', async () => {
    // React Router's server build and the server bundle each hold this module: a second copy
    // (a fresh import here) must use the first one's dictionary instead of loading its own.
    const holder = globalThis as { [SHARED_JIEBA]?: unknown };
    tokenize('前端');
    const loaded = holder[SHARED_JIEBA];
    expect(loaded).toBeInstanceOf(Jieba);
    const marker = { cut: () => ['shared'], cutForSearch: () => ['shared'] };
    holder[SHARED_JIEBA] = marker;
    try {
      vi.resetModules();
      const copy = await import('./tokenizer.ts');
      expect(copy.tokenize).not.toBe(tokenize);
      expect(copy.tokenize('前端和后端怎么分工')).toEqual(['shared']);
      expect(holder[SHARED_JIEBA]).toBe(marker);
    } finally {
      holder[SHARED_JIEBA] = loaded;
    }
  });
});
