import { Link } from 'react-router';
import type { Banner } from './types.ts';

function BannerCard({ banner }: { banner: Banner }) {
  const [headline, ...lines] = banner.textList;
  return (
    <a href={banner.url} rel="noopener" className="banner">
      {banner.imageUrl && <img src={banner.imageUrl} alt={headline ?? ''} width={300} height={150} loading="lazy" />}
      {headline && (
        <div className="px-4 py-3">
          <p className="font-medium">{headline}</p>
          {lines.map((line) => (
            <p key={line} className="mt-1 text-[13px] text-fg-3">
              {line}
            </p>
          ))}
        </div>
      )}
    </a>
  );
}

/** The welcome page's aside: running banners, then what the site is. */
export function WelcomeAside({ banners }: { banners: Banner[] }) {
  return (
    <>
      {banners.map((banner) => (
        <BannerCard key={banner.id} banner={banner} />
      ))}
      <section aria-labelledby="about-jinsha" className="rounded bg-card px-4 py-4">
        <h2 id="about-jinsha" className="font-semibold text-base">
          关于金砂
        </h2>
        <p className="mt-2 text-fg-2 leading-relaxed">
          金砂是中文开发者的技术社区：在这里阅读好文章、分享好链接、与同行讨论。千淘万漉虽辛苦，吹尽狂沙始到金。
        </p>
        <Link to="/about" className="mt-3 inline-block text-brand hover:text-brand-hover">
          了解金砂
        </Link>
      </section>
    </>
  );
}
