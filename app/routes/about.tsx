import { data, Link } from 'react-router';
import { ABOUT_SECTIONS, AboutSection, type AboutSectionKey } from '~/features/about/about-sections.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { useRootData } from '~/lib/root-data.ts';
import { PageContainer } from '~/ui/page-layout.tsx';
import type { Route } from './+types/about';

/** /about and /about/{join|translation|partners}: the About menu's pages (SPEC §2.4). */
export function loader({ params }: Route.LoaderArgs) {
  const key = params.section ?? 'about';
  const section = ABOUT_SECTIONS.find((s) => s.key === key && s.key !== 'about');
  if (params.section !== undefined && !section) throw data({ message: '找不到页面' }, { status: 404 });
  return { section: (section?.key ?? 'about') as AboutSectionKey };
}

const DESCRIPTIONS: Record<AboutSectionKey, string> = {
  about: '面向中文开发者的技术社区：文章、专栏、沸点、小册、开源库与活动',
  join: '加入团队：前端工程师、后端工程师、社区运营',
  translation: '翻译计划：为开源项目撰写中文标题和简介',
  partners: '合作伙伴：活动、内容、开源与小册合作',
};

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const key = data?.section ?? 'about';
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { siteName?: string } | undefined;
  const label = ABOUT_SECTIONS.find((s) => s.key === key)?.label(root?.siteName ?? '金砂') ?? '关于';
  return pageMeta(matches, label, DESCRIPTIONS[key]);
};

export default function About({ loaderData }: Route.ComponentProps) {
  const siteName = useRootData()?.siteName ?? '金砂';
  const { section } = loaderData;
  return (
    <PageContainer>
      <div className="mx-auto grid max-w-[960px] gap-5 md:grid-cols-[180px_minmax(0,1fr)]">
        <nav aria-label="关于" className="h-fit rounded bg-card p-2">
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {[{ key: 'app', path: '/app', label: () => '下载 App' }, ...ABOUT_SECTIONS].map((s) => (
              <li key={s.key}>
                <Link
                  to={s.path}
                  aria-current={s.key === section ? 'page' : undefined}
                  className={`block whitespace-nowrap rounded px-3 py-2 text-sm ${
                    s.key === section ? 'bg-brand-tint font-medium text-brand' : 'text-fg-2 hover:text-brand'
                  }`}
                >
                  {s.label(siteName)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <article className="min-w-0 rounded bg-card p-6 sm:p-8">
          <AboutSection section={section} siteName={siteName} />
        </article>
      </div>
    </PageContainer>
  );
}
