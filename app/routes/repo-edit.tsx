import { Link } from 'react-router';
import { useCaptcha } from '~/features/auth/use-captcha.ts';
import { TranslationEditor } from '~/features/repos/translation-editor.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { loadRepoEditPage } from '~/features/repos/repos.server.ts';
import { useViewer } from '~/lib/root-data.ts';
import { PageContainer } from '~/ui/page-layout.tsx';
import type { Route } from './+types/repo-edit';

/** /repo/{id}/edit: pick or write the title and description translations, vote, send with the captcha. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadRepoEditPage(context, params.id);
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data ? `翻译 ${data.repo.user.username}/${data.repo.name}` : null);

function SignedInCaptcha(props: Omit<Parameters<typeof TranslationEditor>[0], 'captcha'>) {
  const captcha = useCaptcha();
  return <TranslationEditor {...props} captcha={captcha} />;
}

export default function RepoEdit({ loaderData }: Route.ComponentProps) {
  const { repo, titles, descriptions } = loaderData;
  const viewer = useViewer();
  const props = {
    repoId: repo.id,
    original: { name: repo.name, description: repo.description },
    titles,
    descriptions,
  };
  return (
    <PageContainer className="max-w-[820px]">
      <nav className="mb-3 text-sm">
        <Link to={`/repo/${repo.id}`} className="text-fg-2 hover:text-brand">
          ← {repo.user.username}/{repo.name}
        </Link>
      </nav>
      <h1 className="mb-4 font-bold text-[22px]">参与翻译</h1>
      <p className="mb-4 text-fg-2 text-sm">
        选择你认可的翻译或写一个新的翻译，提交后你的一票会投给它；票数最多的翻译会显示在开源库页面上。
      </p>
      {viewer ? (
        <SignedInCaptcha key={repo.id} {...props} />
      ) : (
        <TranslationEditor
          key={repo.id}
          {...props}
          captcha={{ captcha: null, failed: false, refresh: () => undefined }}
        />
      )}
    </PageContainer>
  );
}
