import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Highlight } from './highlight.tsx';

const marked = (text: string, terms: string[]) =>
  renderToStaticMarkup(createElement(Highlight, { text, terms })).replace(/<mark[^>]*>/g, '<mark>');

describe('Highlight', () => {
  it('marks each searched word case-insensitively, adjacent words as one mark', () => {
    expect(marked('录制、分析火焰图、找出长任务', ['火焰', '图'])).toBe('录制、分析<mark>火焰图</mark>、找出长任务');
    expect(marked('React 与 react', ['react'])).toBe('<mark>React</mark> 与 <mark>react</mark>');
    expect(marked('前端框架和前端', ['前端', '前端框架'])).toBe('<mark>前端框架</mark>和<mark>前端</mark>');
  });

  it('leaves text without terms alone and never reads it as HTML', () => {
    expect(marked('<b>粗</b>', [])).toBe('&lt;b&gt;粗&lt;/b&gt;');
    expect(marked('a+b (c)', ['+b', '(c'])).toBe('a<mark>+b</mark> <mark>(c</mark>)');
  });
});
