import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CategoryName } from '@core/constants.ts';
import type { EntryType } from '../../schema/content.ts';

/**
 * Hand-written article templates (content/articles/*.md). Each has several titles, intro and
 * closing variants and a list of sections; the seed combines them so that ~200 articles read
 * as different pieces on the same real topic.
 *
 * File format: `key: value` header lines (category, tags separated by |, kind), then blocks
 * opened by a line `# titles`, `# intro`, `# section <heading>` or `# closing`. In intro and
 * closing, `---` separates variants. Lines inside ~~~ fences are content, never block openers.
 */
export interface ArticleTemplate {
  key: string;
  category: CategoryName;
  tags: string[];
  kind: Extract<EntryType, 'article' | 'post'>;
  titles: string[];
  intros: string[];
  sections: Array<{ heading: string; body: string }>;
  closings: string[];
}

const articlesDir = fileURLToPath(new URL('./articles/', import.meta.url));

function variants(lines: string[]): string[] {
  return lines
    .join('\n')
    .split(/^---$/m)
    .map((text) => text.trim())
    .filter(Boolean);
}

export function parseArticleTemplate(key: string, source: string): ArticleTemplate {
  const header = new Map<string, string>();
  const blocks: Array<{ name: string; lines: string[] }> = [];
  let inFence = false;
  for (const line of source.split('\n')) {
    if (/^(~~~|```)/.test(line)) inFence = !inFence;
    const opener = !inFence && /^# (titles|intro|closing|section .+)$/.exec(line);
    if (opener) {
      blocks.push({ name: opener[1], lines: [] });
    } else if (blocks.length > 0) {
      blocks[blocks.length - 1].lines.push(line);
    } else if (line.trim()) {
      const [name, ...rest] = line.split(':');
      header.set(name.trim(), rest.join(':').trim());
    }
  }
  const block = (name: string) => blocks.find((b) => b.name === name)?.lines ?? [];
  const template: ArticleTemplate = {
    key,
    category: header.get('category') as CategoryName,
    tags: (header.get('tags') ?? '').split('|').map((tag) => tag.trim()),
    kind: header.get('kind') === 'post' ? 'post' : 'article',
    titles: block('titles')
      .map((line) => line.trim())
      .filter(Boolean),
    intros: variants(block('intro')),
    sections: blocks
      .filter((b) => b.name.startsWith('section '))
      .map((b) => ({ heading: b.name.slice('section '.length), body: b.lines.join('\n').trim() })),
    closings: variants(block('closing')),
  };
  if (!template.category || template.titles.length === 0 || template.sections.length < 3) {
    throw new Error(`article template ${key} is incomplete`);
  }
  return template;
}

export function loadArticleTemplates(): ArticleTemplate[] {
  return readdirSync(articlesDir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => parseArticleTemplate(name.slice(0, -3), readFileSync(`${articlesDir}${name}`, 'utf-8')));
}

/** One article body: an intro, a run of sections in their order (at least three), a closing. */
export function composeArticle(
  template: ArticleTemplate,
  choice: { intro: number; closing: number; sections: number[] },
): string {
  const sections = choice.sections.map((i) => template.sections[i]);
  return [
    template.intros[choice.intro % template.intros.length],
    ...sections.map((s) => `## ${s.heading}\n\n${s.body}`),
    `## 写在最后\n\n${template.closings[choice.closing % template.closings.length]}`,
  ].join('\n\n');
}
