import { isValidId } from '@core/ids.ts';
import { lazy } from 'react';
import { data, useNavigate } from 'react-router';
import { createBooklet } from '~/features/booklets/booklet-api.ts';
import { BookletEditor } from '~/features/booklets/booklet-editor.tsx';
import { BookletInfoForm, EMPTY_BOOKLET } from '~/features/booklets/booklet-info-form.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { fromService, requireSignedIn } from '~/lib/route-guards.server.ts';
import { PageContainer } from '~/ui/page-layout.tsx';
import { canWriteBooklets } from '@server/modules/booklets/booklets.policy.ts';
import { getBooklet, getSection } from '@server/modules/booklets/booklets.service.ts';
import type { Route } from './+types/editor-book';

const MarkdownEditor = lazy(() => import('~/features/editor/markdown-editor.tsx'));

/**
 * /editor/book/{id}/section (SPEC §2.3): writing a booklet. 'new' starts one (booklet authors and
 * admins); otherwise its author or an admin edits it: ?sectionId= picks the section (the first
 * by default), ?tab=info its information.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context);
  if (params.id === 'new') {
    if (!canWriteBooklets(viewer)) throw data({ message: '只有小册作者可以写小册' }, { status: 403 });
    return { mode: 'new' as const };
  }
  if (!isValidId(params.id)) throw data({ message: '找不到页面' }, { status: 404 });
  const booklet = await fromService(getBooklet({ db: context.db, viewer }, params.id));
  if (!booklet.canEdit) throw data({ message: 'Forbidden' }, { status: 403 });
  const url = new URL(request.url);
  const view = url.searchParams.get('tab') === 'info' ? ('info' as const) : ('section' as const);
  const wanted = url.searchParams.get('sectionId');
  const sectionId = booklet.sections.some((s) => s.id === wanted) ? wanted : booklet.sections[0]?.id;
  const section = sectionId ? (await fromService(getSection({ db: context.db, viewer }, sectionId))).section : null;
  return { mode: 'edit' as const, booklet, section, view };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data?.mode === 'edit' ? `${data.booklet.title} - 写小册` : '写小册');

function NewBooklet() {
  const navigate = useNavigate();
  return (
    <PageContainer className="max-w-[820px]">
      <div className="rounded bg-card px-5 py-6 sm:px-8">
        <h1 className="mb-1 font-semibold text-[20px] text-fg">写小册</h1>
        <p className="mb-5 text-[13px] text-fg-3">
          先填写小册信息，再逐节写作；发布至少一节后可提交审核，管理员通过后上架。
        </p>
        <BookletInfoForm
          initial={EMPTY_BOOKLET}
          submitLabel="创建小册"
          onSubmit={async (fields) => {
            const booklet = await createBooklet(fields);
            navigate(`/editor/book/${booklet.id}/section`);
          }}
        />
      </div>
    </PageContainer>
  );
}

export default function EditorBook({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === 'new') return <NewBooklet />;
  return (
    <BookletEditor
      booklet={loaderData.booklet}
      section={loaderData.section}
      view={loaderData.view}
      Editor={MarkdownEditor}
    />
  );
}
