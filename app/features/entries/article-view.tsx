import { formatCount } from '@core/format.ts';
import { ExternalLink } from '~/ui/icons.tsx';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDocumentHtml } from '~/lib/document-html.ts';
import { useFeatureSlots } from '~/lib/feature-slots.tsx';
import { useRootData } from '~/lib/root-data.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { PageContainer, WithAside } from '~/ui/page-layout.tsx';
import { EntryActionBar, useCopyAttribution, useEntryView, useImagePreload } from './entry-actions.tsx';
import { hostOf, linkOutHref, userHref } from '~/lib/links.ts';
import { RelatedCollections, type RelatedCollectionView, RelatedEntries } from './related-entries.tsx';
import { RelativeTime } from '~/ui/relative-time.tsx';
import { TOC_MIN_HEADINGS, TableOfContents } from './table-of-contents.tsx';
import type { EntryRowView, EntryView, TocHeading } from './types.ts';
import { safeImageUrl } from '@core/user-urls.ts';
import { ArticleBody } from '~/ui/article-body.tsx';

/**
 * An entry as the page gets it: the list shape plus its rendered, sanitised HTML; null when the
 * document brings the HTML instead (loadEntryPage keeps it beside the request under
 * ARTICLE_BODY_KEY, app/lib/document-html.ts), so the body's text is in the page once.
 */
export type ArticleEntry = EntryView & { contentHtml: string | null };

/** The key of the article body among the HTML the document's loaders kept. */
export const ARTICLE_BODY_KEY = 'article-body';

function AuthorCard({ entry, sharedLink }: { entry: ArticleEntry; sharedLink: boolean }) {
  const { FollowButton } = useFeatureSlots();
  const { user } = entry;
  const href = userHref(user);
  const role = [user.jobTitle, user.company].filter(Boolean).join(' · ');
  return (
    <div className="mt-5 flex items-center gap-3">
      {href ? (
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <Avatar user={user} size={44} />
        </Link>
      ) : (
        <Avatar user={user} size={44} />
      )}
      <div className="min-w-0">
        <p className="flex min-w-0 items-baseline gap-2">
          {href ? (
            <Link to={href} data-testid="author-name" className="min-w-0 truncate font-medium text-fg hover:text-brand">
              {user.username}
            </Link>
          ) : (
            <span data-testid="author-name" className="min-w-0 truncate font-medium">
              {user.username}
            </span>
          )}
          {/* The name keeps its room: the job title gives way first (it shrinks a hundred times faster). */}
          {role && <span className="min-w-0 shrink-[100] truncate text-[13px] text-fg-3">{role}</span>}
        </p>
        <p className="mt-0.5 flex flex-wrap gap-x-2 text-[13px] text-fg-3">
          <RelativeTime value={entry.createdAt} />
          <span aria-hidden="true">·</span>
          {!sharedLink && (
            <>
              <span>阅读 {entry.readingMinutes} 分钟</span>
              <span aria-hidden="true">·</span>
            </>
          )}
          <span>浏览 {formatCount(entry.viewCount)}</span>
        </p>
      </div>
      <FollowButton userId={user.id} username={user.username} className="ml-auto" />
    </div>
  );
}

/** A shared link: where it goes, through the link-out page, with its screenshot. */
function SharedLinkCard({ entry }: { entry: ArticleEntry }) {
  return (
    <a
      href={linkOutHref(entry.originalUrl)}
      target="_blank"
      rel="nofollow noopener"
      className="mt-6 flex flex-col overflow-hidden rounded border border-line transition-colors duration-150 ease-out hover:border-brand sm:flex-row"
    >
      {safeImageUrl(entry.screenshot) && (
        <img
          src={safeImageUrl(entry.screenshot)}
          alt={entry.title}
          loading="lazy"
          width={240}
          height={160}
          className="h-40 w-full bg-line object-cover sm:w-60"
        />
      )}
      <span className="flex min-w-0 flex-1 flex-col justify-center gap-1 px-4 py-3">
        <span className="inline-flex items-center gap-1.5 font-medium text-brand">
          <ExternalLink size={16} strokeWidth={1.75} aria-hidden="true" />
          阅读原文
        </span>
        <span className="text-[13px] text-fg-2">{hostOf(entry.originalUrl)}</span>
        <span className="break-all text-[13px] text-fg-3">{entry.originalUrl}</span>
      </span>
    </a>
  );
}

export interface ArticleViewProps {
  entry: ArticleEntry;
  toc: TocHeading[];
  related: EntryRowView[];
  /** The related collection (SPEC §7.3: one), when there is one. */
  relatedCollections?: RelatedCollectionView[];
  /** Inside the article after its text: a vote's options on the vote detail page. */
  afterBody?: ReactNode;
  /** Below the article: the comment area (the social issue fills it). */
  children?: ReactNode;
}

/** The read-only entry page (DESIGN.md: article page): article with its aside of contents and related entries. */
export function ArticleView({ entry, toc, related, relatedCollections = [], afterBody, children }: ArticleViewProps) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const siteName = useRootData()?.siteName ?? '金砂';
  useEntryView(entry.id);
  useCopyAttribution(bodyRef, entry.user.username, siteName);
  useImagePreload(bodyRef);
  const documentBody = useDocumentHtml(ARTICLE_BODY_KEY);
  // At mount: the loader data's body (a client navigation), the document's (server render), or none
  // while hydrating, when the body keeps the markup the document brought; never set again (the
  // page is keyed by the entry, and a revalidation brings the same body).
  const [bodyHtml] = useState(() => entry.contentHtml ?? documentBody ?? '');
  const sharedLink = entry.originalUrl !== '' && entry.contentHtml === '';
  const showToc = toc.length >= TOC_MIN_HEADINGS;
  return (
    <PageContainer>
      <WithAside
        asideLabel="侧栏"
        aside={
          <>
            <RelatedEntries entries={related} />
            <RelatedCollections collections={relatedCollections} />
            {showToc && (
              <div className="sticky top-[76px] hidden lg:block">
                <TableOfContents headings={toc} />
              </div>
            )}
          </>
        }
      >
        <article className="rounded bg-card px-4 py-6 sm:px-8 sm:py-8">
          <h1 className="font-bold text-[28px] text-fg leading-tight">{entry.title}</h1>
          <AuthorCard entry={entry} sharedLink={sharedLink} />
          {sharedLink ? (
            <>
              {entry.abstract && <p className="mt-6 text-base text-fg-2 leading-relaxed">{entry.abstract}</p>}
              <SharedLinkCard entry={entry} />
            </>
          ) : (
            // Rendered and sanitised once on save.
            <ArticleBody ref={bodyRef} className="mt-6" html={bodyHtml} />
          )}
          {afterBody}
          {entry.tags.length > 0 && (
            <ul aria-label="标签" className="mt-8 flex flex-wrap gap-2">
              {entry.tags.map((tag) => (
                <li key={tag.id}>
                  <Link
                    to={`/tag/${encodeURIComponent(tag.title)}`}
                    className="inline-flex h-7 items-center rounded bg-page px-2.5 text-[13px] text-fg-2 hover:text-brand"
                  >
                    {tag.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <EntryActionBar entry={entry} />
        </article>
        {children}
      </WithAside>
    </PageContainer>
  );
}
