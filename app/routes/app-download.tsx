import { useEffect, useRef, useState } from 'react';
import { browserHost, deepLinkOf, openInApp, platformOf, safeAppPath } from '~/lib/open-in-app.ts';
import { pageMeta } from '~/lib/meta.ts';
import { useRootData } from '~/lib/root-data.ts';
import { Bell, BookOpen, Download, MessageCircle, Newspaper, Smartphone } from '~/ui/icons.tsx';
import { Button, buttonClass } from '~/ui/button.tsx';
import { FeatureCards } from '~/ui/feature-cards.tsx';
import { PageContainer } from '~/ui/page-layout.tsx';
import type { Route } from './+types/app-download';

/**
 * /app: the mobile app's download page and the open-in-app hand-off (SPEC §4: the attempt falls
 * back after 3000 ms). ?path=/post/… opens that page in the app.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context;
  return {
    scheme: env.APP_SCHEME,
    iosUrl: env.APP_IOS_URL ?? null,
    androidUrl: env.APP_ANDROID_URL ?? null,
    path: safeAppPath(new URL(request.url).searchParams.get('path')),
    siteUrl: env.SITE_URL,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, '下载 App', '在手机上阅读技术文章、刷沸点、收消息：下载金砂 App');

const FEATURES = [
  { icon: Newspaper, title: '随时读精选', text: '通勤路上也能按分类读到社区推荐的文章。' },
  { icon: MessageCircle, title: '沸点实时聊', text: '一句话分享见闻，评论和点赞即时可见。' },
  { icon: Bell, title: '消息不错过', text: '关注、评论、点赞的通知第一时间推送到手机。' },
  { icon: BookOpen, title: '小册随身看', text: '已购小册在手机上接着读，进度与网页同步。' },
];

type Attempt = 'idle' | 'trying' | 'missing';

export default function AppDownload({ loaderData }: Route.ComponentProps) {
  const { scheme, iosUrl, androidUrl, path, siteUrl } = loaderData;
  const siteName = useRootData()?.siteName ?? '金砂';
  const [attempt, setAttempt] = useState<Attempt>('idle');
  const cancel = useRef<(() => void) | null>(null);
  const downloadRef = useRef<HTMLElement>(null);
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => () => cancel.current?.(), []);
  // On a computer: a code to scan with the phone, which opens this page there.
  useEffect(() => {
    let live = true;
    const target = new URL(`/app${path === '/' ? '' : `?path=${encodeURIComponent(path)}`}`, siteUrl).toString();
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toString(target, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => live && setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch((error: unknown) => console.warn('app QR code not drawn', error));
    return () => {
      live = false;
    };
  }, [path, siteUrl]);

  function open() {
    cancel.current?.();
    setAttempt('trying');
    cancel.current = openInApp(
      deepLinkOf(scheme, path),
      browserHost(() => {
        const platform = platformOf(navigator.userAgent);
        const store = platform === 'ios' ? iosUrl : platform === 'android' ? androidUrl : null;
        if (store) {
          window.location.href = store;
          return;
        }
        setAttempt('missing');
        downloadRef.current?.scrollIntoView({ block: 'center' });
      }),
    );
  }

  const stores = [
    { key: 'ios', label: 'App Store 下载', url: iosUrl, note: 'iPhone 与 iPad' },
    { key: 'android', label: 'Android 下载', url: androidUrl, note: 'Android 8.0 及以上' },
  ].filter((s): s is typeof s & { url: string } => Boolean(s.url));

  return (
    <PageContainer>
      <section className="mx-auto mt-6 max-w-[760px] rounded bg-card p-8">
        <Smartphone aria-hidden className="size-8 text-brand" />
        <h1 className="mt-3 font-semibold text-2xl">{siteName} App</h1>
        <p className="mt-2 text-fg-2">在手机上阅读技术文章、刷沸点、收消息，和网页版账号与内容完全同步。</p>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <Button size="md" onClick={open} disabled={attempt === 'trying'}>
            在 App 中打开
          </Button>
          {attempt === 'trying' && (
            <span role="status" className="text-[13px] text-fg-3">
              正在打开 App…
            </span>
          )}
        </div>
        <FeatureCards features={FEATURES} className="mt-8 grid gap-4 sm:grid-cols-2" />
        <section
          ref={downloadRef}
          id="download"
          aria-label="下载"
          className="mt-8 flex flex-wrap items-start gap-5 rounded bg-page p-5"
        >
          {qr && (
            <figure className="hidden shrink-0 text-center sm:block">
              <img src={qr} alt="手机扫码打开" width={120} height={120} className="size-[120px] rounded bg-white" />
              <figcaption className="mt-1 text-[12px] text-fg-3">手机扫码打开</figcaption>
            </figure>
          )}
          <div className="min-w-0 flex-1">
            {attempt === 'missing' && (
              <p role="alert" className="mb-3 font-medium text-fg">
                没有检测到{siteName} App，请先下载安装。
              </p>
            )}
            {stores.length > 0 ? (
              <ul className="flex flex-wrap gap-3">
                {stores.map((store) => (
                  <li key={store.key}>
                    <a href={store.url} rel="noopener" className={buttonClass('primary', 'md', 'inline-flex gap-2')}>
                      <Download aria-hidden className="size-4" />
                      {store.label}
                    </a>
                    <p className="mt-1 text-[12px] text-fg-3">{store.note}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-fg-2 leading-7">
                App 还没有在应用商店上架。现在就可以用手机浏览器打开{' '}
                <a href={siteUrl} className="text-brand hover:underline">
                  {siteUrl.replace(/^https?:\/\//, '')}
                </a>
                ，移动版网页提供与 App 相同的阅读、沸点和消息功能。
              </p>
            )}
          </div>
        </section>
      </section>
    </PageContainer>
  );
}
