import type { Ref } from 'react';

/**
 * HTML that the server's markdown renderer produced and sanitised (server/markdown/markdown.ts):
 * articles, the editors' previews, booklet sections and introductions, READMEs. The one way a
 * page shows user content as HTML; server/hostile/hostile-xss.test.ts holds the app to it.
 */
export function ArticleBody({
  html,
  className = '',
  ref,
  testId,
}: {
  html: string;
  className?: string;
  ref?: Ref<HTMLDivElement>;
  testId?: string;
}) {
  return (
    <div
      ref={ref}
      className={`article-body ${className}`.trimEnd()}
      data-testid={testId}
      // The article page hydrates its body with no HTML and keeps what the document brought
      // (features/entries/article-view.tsx); the markup stays the server's either way.
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from the server's renderer
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
