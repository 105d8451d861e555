import { Download, Newspaper, Puzzle, Zap } from '~/ui/icons.tsx';
import { pageMeta } from '~/lib/meta';
import { useRootData } from '~/lib/root-data';
import { buttonClass } from '~/ui/button';
import { FeatureCards } from '~/ui/feature-cards.tsx';
import { PageContainer } from '~/ui/page-layout';
import type { Route } from './+types/extension';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, '浏览器插件');
}

const features = [
  { icon: Newspaper, title: '新标签页即精选', text: '每次打开新标签页，按分类读到社区正在热议的文章。' },
  { icon: Zap, title: '轻量、无追踪', text: '插件只读取公开的文章列表，不收集浏览记录，不需要登录。' },
  { icon: Puzzle, title: '跟随站点', text: '插件由本站按自己的地址打包，内容与站点实时一致。' },
];

/** The extension the promotion banner offers: a download and the steps to install it. */
export default function Extension() {
  const siteName = useRootData()?.siteName ?? '金砂';
  return (
    <PageContainer>
      <section className="mx-auto mt-8 max-w-[760px] rounded bg-card p-8">
        <h1 className="text-2xl font-semibold">{siteName}浏览器插件</h1>
        <p className="mt-2 text-fg-2">
          打开新标签页，就能读到今天的技术精选。支持 Chrome、Edge 等 Chromium 内核浏览器。
        </p>
        <FeatureCards features={features} className="mt-6 grid gap-4 sm:grid-cols-3" />
        <a href="/extension/download" download className={buttonClass('primary', 'md', 'mt-8 inline-flex gap-2')}>
          <Download aria-hidden className="size-4" />
          下载插件
        </a>
        <h2 className="mt-8 font-semibold">安装步骤</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-fg-2">
          <li>下载并解压插件压缩包。</li>
          <li>在浏览器地址栏打开 chrome://extensions（Edge 为 edge://extensions）。</li>
          <li>打开右上角的“开发者模式”。</li>
          <li>点击“加载已解压的扩展程序”，选择解压后的文件夹。</li>
        </ol>
      </section>
    </PageContainer>
  );
}
