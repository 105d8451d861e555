import { TIMING } from '@core/constants.ts';
import { Puzzle } from '~/ui/icons.tsx';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { STORAGE_KEYS, readStorage, writeStorage } from '~/lib/storage.ts';
import { trackExtension } from '~/lib/track.ts';
import { CornerCloseButton } from '~/ui/corner-close-button.tsx';

type BannerVersion = '1' | '2';

/** Two wordings of the same offer; each visitor keeps the one first drawn for them. */
function copyFor(version: BannerVersion, siteName: string) {
  return version === '1'
    ? { title: `安装${siteName}浏览器插件`, text: '打开新标签页，就能读到今天的技术精选。' }
    : { title: '技术好文，在新标签页等你', text: `${siteName}浏览器插件：前端、后端、AI 热门文章一页看尽。` };
}

function isClosed(): boolean {
  return readStorage(STORAGE_KEYS.extensionBannerClosed) === '1';
}

function drawVersion(): BannerVersion {
  const stored = readStorage(STORAGE_KEYS.extensionBannerVersion);
  if (stored === '1' || stored === '2') return stored;
  const drawn: BannerVersion = Math.random() < 0.5 ? '1' : '2';
  writeStorage(STORAGE_KEYS.extensionBannerVersion, drawn);
  return drawn;
}

/**
 * The extension promotion (SPEC §4): version 1 or 2 drawn once and stored; hidden for good
 * after a click or a close. The flag is polled every 5 s so a choice in another tab applies.
 * Wide screens only: phones cannot install browser extensions.
 */
export function ExtensionBanner({ siteName }: { siteName: string }) {
  const [version, setVersion] = useState<BannerVersion | null>(null);

  useEffect(() => {
    if (isClosed()) return;
    const drawn = drawVersion();
    setVersion(drawn);
    // Shown only where it is visible: wide screens (lg, as the banner's class says).
    if (window.matchMedia('(min-width: 1024px)').matches) trackExtension('show', drawn);
    const poll = setInterval(() => {
      if (!isClosed()) return;
      setVersion(null);
      clearInterval(poll);
    }, TIMING.extensionPollMs);
    return () => clearInterval(poll);
  }, []);

  if (!version) return null;

  function dismiss(how: 'click' | 'close') {
    trackExtension(how, version ?? undefined);
    writeStorage(STORAGE_KEYS.extensionBannerClosed, '1');
    setVersion(null);
  }

  const copy = copyFor(version, siteName);
  return (
    <section
      aria-label="浏览器插件推荐"
      className="fixed bottom-6 left-4 z-30 hidden w-72 gap-3 rounded-lg border border-line bg-card p-4 shadow-lg shadow-black/10 lg:flex dark:shadow-black/40 print:hidden"
    >
      <Puzzle aria-hidden size={20} strokeWidth={1.75} className="mt-0.5 shrink-0 text-brand" />
      <div className="min-w-0 flex-1">
        <h2 className="pr-6 font-semibold text-fg">{copy.title}</h2>
        <p className="mt-1 text-[13px] text-fg-2">{copy.text}</p>
        <Link
          to="/extension"
          onClick={() => dismiss('click')}
          className="mt-2 inline-block font-medium text-brand hover:underline"
        >
          免费安装
        </Link>
      </div>
      <CornerCloseButton label="关闭插件推荐" onClick={() => dismiss('close')} />
    </section>
  );
}
