import { describe, expect, it } from 'vitest';
import { estimateReadingMinutes, makeAbstract, renderMarkdown, tableOfContents } from './markdown.ts';

describe('renderMarkdown: sanitising', () => {
  it('never keeps a link to our own API, however its path is written; other site paths stay links', () => {
    for (const href of [
      '/api/post/entryDel?entryId=x',
      '/API/post/entryDel',
      '/%61pi/mail/subscribe.php',
      '/tag/../api/view/getEntryView',
      '/api',
    ]) {
      const { html } = renderMarkdown(`[点我](${href})`);
      expect(html, href).not.toContain('href');
      expect(html, href).toContain('点我');
    }
    expect(renderMarkdown('[标签](/tag/React)').html).toContain('href="/tag/React"');
    expect(renderMarkdown('[接口文档](/apidocs)').html).toContain('href="/apidocs"');
  });

  it('removes script tags and their content', () => {
    const { html } = renderMarkdown(
      '前言\n\n<script>alert(1)</script>\n\n正文 <script src="https://evil.example/x.js"></script>',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('alert(1)');
    expect(html).toContain('正文');
  });

  it('removes event-handler attributes', () => {
    const { html } = renderMarkdown(
      '<img src="https://img.example.com/a.png" onerror="alert(1)"> <p onclick="steal()">段落</p> <a href="https://a.example" onmouseover="x()">链接</a>',
    );
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).toContain('段落');
    expect(html).toContain('src="https://img.example.com/a.png"');
  });

  it('drops javascript:, data: and protocol-relative links but keeps their words', () => {
    const { html } = renderMarkdown(
      '[点我](javascript:alert(1)) <a href="javascript:alert(2)">再点</a> <a href="JaVaScRiPt:alert(3)">三</a> <a href="data:text/html,<b>x</b>">四</a> <a href="//evil.example">五</a>',
    );
    // markdown-it leaves a rejected link as literal text; no element may carry the URL.
    expect(html).not.toMatch(/<a[^>]*(javascript|data):/i);
    expect(html).toContain('[点我](javascript:alert(1))');
    expect(html).not.toContain('evil.example');
    expect(html).toContain('再点');
    expect(html).toContain('五');
  });

  it('removes svg, iframe, object, style and form elements', () => {
    const { html } = renderMarkdown(
      '<svg onload="alert(1)"><circle r="1"/></svg>\n\n<iframe src="https://evil.example"></iframe>\n\n<object data="x.swf"></object><style>body{display:none}</style><form action="/x"><input name="a"></form>',
    );
    expect(html).not.toMatch(/<(svg|iframe|object|style|form|input)/i);
    expect(html).not.toContain('display:none');
  });

  it('drops images whose source is not http(s) or a site path', () => {
    const { html } = renderMarkdown(
      '<img src="javascript:alert(1)"> <img src="x" onerror="alert(1)"> ![图](/uploads/a.png)',
    );
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('onerror');
    expect(html.match(/<img/g)).toHaveLength(1);
    expect(html).toContain('<img alt="图" loading="lazy" src="/uploads/a.png" />');
  });

  it('sends links to other sites through the link-out page with nofollow', () => {
    const { html } = renderMarkdown(
      '[文档](https://react.dev/reference?x=1&y=2) 与 [站内](/post/0123456789abcdef01234567)',
    );
    expect(html).toContain(
      '<a href="/link?target=https%3A%2F%2Freact.dev%2Freference%3Fx%3D1%26y%3D2" rel="nofollow noopener" target="_blank">文档</a>',
    );
    expect(html).toContain('<a href="/post/0123456789abcdef01234567">站内</a>');
  });

  it('lazy-loads images', () => {
    const { html } = renderMarkdown('![架构图](https://img.example.com/arch.png)');
    expect(html).toContain('loading="lazy"');
  });
});

describe('renderMarkdown: structure', () => {
  it('numbers headings heading-{index} in document order and builds the table of contents', () => {
    const { html, toc } = renderMarkdown('# 总览\n\n正文\n\n## 安装 `npm`\n\n### 细节\n\n## 小结');
    expect(html).toContain('<h1 id="heading-0">总览</h1>');
    expect(html).toContain('<h2 id="heading-1">安装 <code>npm</code></h2>');
    expect(html).toContain('<h3 id="heading-2">细节</h3>');
    expect(toc).toEqual([
      { id: 'heading-0', level: 1, text: '总览' },
      { id: 'heading-1', level: 2, text: '安装 npm' },
      { id: 'heading-2', level: 3, text: '细节' },
      { id: 'heading-3', level: 2, text: '小结' },
    ]);
  });

  it('keeps no ids from raw HTML headings', () => {
    const { html } = renderMarkdown('<h2 id="login-form">伪装</h2>');
    expect(html).toBe('<h2>伪装</h2>');
  });

  it('highlights code on the server with hljs classes', () => {
    const { html } = renderMarkdown(
      '```go\nfunc main() {\n\tgo work()\n}\n```\n\n```sql\nSELECT id FROM entries;\n```',
    );
    expect(html).toContain('<code class="hljs language-go">');
    expect(html).toContain('<span class="hljs-keyword">func</span>');
    expect(html).toContain('<code class="hljs language-sql">');
    expect(html).toContain('<span class="hljs-keyword">SELECT</span>');
  });

  it('escapes code in unknown languages', () => {
    const { html } = renderMarkdown('```nosuchlang\n<b>粗</b>\n```');
    expect(html).toContain('&lt;b&gt;粗&lt;/b&gt;');
  });

  it('returns the plain text without markup', () => {
    const { text } = renderMarkdown(
      '# 标题\n\n一段 **加粗** 的文字，[链接](https://a.example)。\n\n- 第一项\n- 第二项',
    );
    expect(text).toBe('标题\n一段 加粗 的文字，链接。\n第一项\n第二项');
  });
});

describe('tableOfContents', () => {
  it('lists the headings with the ids the rendered HTML carries, leaving out empty ones', () => {
    const source = '# 标题 `code`\n\n正文\n\n##\n\n## 第二节 &amp; 更多\n\n### 小节';
    const toc = tableOfContents(source);
    expect(toc).toEqual([
      { id: 'heading-0', level: 1, text: '标题 code' },
      { id: 'heading-2', level: 2, text: '第二节 & 更多' },
      { id: 'heading-3', level: 3, text: '小节' },
    ]);
    const { html } = renderMarkdown(source);
    for (const { id } of toc) expect(html).toContain(`id="${id}"`);
  });
});

describe('reading time and abstract', () => {
  it('reads CJK at about 400 characters a minute and Latin words at about 200', () => {
    expect(estimateReadingMinutes('短')).toBe(1);
    expect(estimateReadingMinutes('字'.repeat(1200))).toBe(3);
    expect(estimateReadingMinutes(Array.from({ length: 400 }, () => 'word').join(' '))).toBe(2);
    expect(estimateReadingMinutes(`${'字'.repeat(400)} ${Array.from({ length: 200 }, () => 'word').join(' ')}`)).toBe(
      2,
    );
  });

  it('is part of the rendered result', () => {
    expect(renderMarkdown('汉'.repeat(2000)).readingMinutes).toBe(5);
    expect(renderMarkdown('').readingMinutes).toBe(1);
  });

  it('collapses whitespace and truncates the abstract', () => {
    expect(makeAbstract('  第一行\n\n第二行\t 结束  ')).toBe('第一行 第二行 结束');
    expect(makeAbstract('金'.repeat(300))).toBe(`${'金'.repeat(200)}...`);
    expect(makeAbstract('一二三四五', 3)).toBe('一二三...');
  });
});

describe('renderMarkdown: link text', () => {
  it('shortens a bare address beyond 12 characters after the host, keeping the full target', () => {
    const { html } = renderMarkdown(
      '见 https://github.com/facebook/react/blob/main/README.md 和 [官方文档](https://react.dev/learn/thinking-in-react)',
    );
    expect(html).toContain('>https://github.com/facebook/re...</a>');
    expect(html).toContain(encodeURIComponent('https://github.com/facebook/react/blob/main/README.md'));
    expect(html).toContain('>官方文档</a>');
  });

  it('leaves short addresses and ordinary words alone', async () => {
    const { shortenLinkText } = await import('./markdown.ts');
    expect(shortenLinkText('https://example.com/abc')).toBe('https://example.com/abc');
    // Twelve characters after the host, the slash included.
    expect(shortenLinkText('https://example.com/abcdefghijk')).toBe('https://example.com/abcdefghijk');
    expect(shortenLinkText('https://example.com/abcdefghijkl')).toBe('https://example.com/abcdefghijk...');
    expect(shortenLinkText('www.example.com/中文路径很长很长很长很长很长')).toBe(
      'www.example.com/中文路径很长很长很长很...',
    );
    expect(shortenLinkText('点击这里查看更多更多更多更多更多的内容')).toBe('点击这里查看更多更多更多更多更多的内容');
  });
});

describe('images in markdown', () => {
  const SITE = 'https://jinsha.example';

  it('drops images that point at this site’s calls or pages and reports them', () => {
    const { html, blockedImages } = renderMarkdown(
      [
        '![x](/api/post/entryDel?entryId=0123456789abcdef01234567)',
        '<img src="/api/mail/subscribe.php?type=week&check=0">',
        `![x](${SITE}/api/notification/setUserNotificationNum)`,
        '![x](//evil.example/a.png)',
        '![ok](/uploads/images/a.webp)',
        '![ok](https://img.example.com/a.png)',
      ].join('\n\n'),
      { siteOrigin: SITE },
    );
    expect(html).not.toContain('/api/');
    expect(html).not.toContain('evil.example');
    expect(html).toContain('src="/uploads/images/a.webp"');
    expect(html).toContain('src="https://img.example.com/a.png"');
    expect(blockedImages).toEqual([
      '/api/post/entryDel?entryId=0123456789abcdef01234567',
      '/api/mail/subscribe.php?type=week&check=0',
      `${SITE}/api/notification/setUserNotificationNum`,
      '//evil.example/a.png',
    ]);
  });
});

describe('renderMarkdown: summary and first image (abstracts and feed thumbnails)', () => {
  it('keeps the prose only: no headings, code blocks or image text', () => {
    const { summary, text } = renderMarkdown(
      '# 为什么选择 Vite\n\nVite 在开发时按需编译，`import` 即用。\n\n```sql\nSELECT 1;\n```\n\n    indented code\n\n- 列表一项\n\n> 引用一句\n\n![图](https://img.example.com/a.png)',
    );
    expect(summary).toBe('Vite 在开发时按需编译，import 即用。\n列表一项\n引用一句');
    expect(text).toContain('SELECT 1;');
    expect(makeAbstract(summary)).not.toContain('为什么选择');
  });

  it('finds the first image a page may show, skipping ones it may not', () => {
    expect(renderMarkdown('正文').firstImage).toBe('');
    expect(
      renderMarkdown(
        '![x](javascript:alert(1)) ![a](https://img.example.com/a.png) ![b](https://img.example.com/b.png)',
      ).firstImage,
    ).toBe('https://img.example.com/a.png');
  });
});
