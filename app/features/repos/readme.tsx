/** A repo's README, rendered and sanitised by the article renderer on the server (server/markdown/markdown.ts). */
export function Readme({ html }: { html: string }) {
  if (!html) return <p className="text-fg-3 text-sm">这个开源库还没有 README</p>;
  return (
    <div
      className="article-body"
      data-testid="readme"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from the article renderer
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
