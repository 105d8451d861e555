import { ArticleBody } from '~/ui/article-body.tsx';

/** A repo's README, rendered and sanitised by the article renderer on the server (server/markdown/markdown.ts). */
export function Readme({ html }: { html: string }) {
  if (!html) return <p className="text-fg-3 text-sm">这个开源库还没有 README</p>;
  return <ArticleBody testId="readme" html={html} />;
}
