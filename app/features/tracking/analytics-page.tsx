import { formatCount } from '@core/format.ts';
import type { AuthorAnalytics } from '@server/modules/analytics/analytics.service.ts';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { entryHref } from '~/lib/links.ts';
import { buttonClass } from '~/ui/button.tsx';
import { NoEntriesYet } from '~/ui/empty-state.tsx';
import { PageContainer } from '~/ui/page-layout.tsx';
import { AnalyticsChart, type ChartSeries } from './analytics-chart.tsx';

/** Series colours, light and dark (brand amber for views; DESIGN.md's danger and success tones). */
const COLORS = {
  views: { light: '#b45309', dark: '#f59e0b' },
  likes: { light: '#e5484d', dark: '#ff6369' },
  comments: { light: '#2563eb', dark: '#60a5fa' },
  shares: { light: '#00a32a', dark: '#3dd68c' },
  followers: { light: '#7c3aed', dark: '#a78bfa' },
} as const;

const LABELS = { views: '阅读', likes: '点赞', comments: '评论', shares: '分享', followers: '新增关注' } as const;

function href(days: number, entryId?: string | null) {
  return `/analytics?days=${days}${entryId ? `&entry=${entryId}` : ''}`;
}

/** /analytics: the author's views, likes, comments, shares and new followers per day, and per article. */
export function AnalyticsPage({ data }: { data: AuthorAnalytics }) {
  const days = useMemo(() => data.daily.map((d) => d.day), [data]);
  const views = useMemo<ChartSeries[]>(
    () => [{ label: LABELS.views, values: data.daily.map((d) => d.views), color: COLORS.views }],
    [data],
  );
  const interactions = useMemo<ChartSeries[]>(() => {
    const keys = data.entry
      ? (['likes', 'comments', 'shares'] as const)
      : (['likes', 'comments', 'shares', 'followers'] as const);
    return keys.map((key) => ({
      label: LABELS[key],
      values: data.daily.map((d) => d[key] ?? 0),
      color: COLORS[key],
    }));
  }, [data]);
  const totals = (
    data.entry
      ? (['views', 'likes', 'comments', 'shares'] as const)
      : (['views', 'likes', 'comments', 'shares', 'followers'] as const)
  ).map((key) => ({ key, label: LABELS[key], value: data.totals[key] ?? 0 }));
  const today = data.daily[data.daily.length - 1];

  return (
    <PageContainer className="max-w-[1000px] space-y-5">
      <header className="flex flex-wrap items-center justify-between gap-3 rounded bg-card px-5 py-4">
        <div className="min-w-0">
          <h1 className="font-semibold text-lg">{data.entry ? '文章数据' : '创作数据'}</h1>
          <p className="mt-1 text-[13px] text-fg-3">
            {data.entry ? (
              <>
                《{data.entry.title}》 ·{' '}
                <Link to={href(data.days)} className="text-brand hover:underline">
                  查看全部文章
                </Link>
              </>
            ) : (
              <>
                {data.from} 至 {data.to}（北京时间） ·{' '}
                <Link to="/published" className="text-brand hover:underline">
                  已发布
                </Link>
              </>
            )}
          </p>
        </div>
        <nav aria-label="时间范围" className="flex gap-2">
          {([30, 90] as const).map((range) => (
            <Link
              key={range}
              to={href(range, data.entry?.id)}
              aria-current={data.days === range ? 'page' : undefined}
              className={buttonClass(data.days === range ? 'primary' : 'secondary')}
            >
              近 {range} 天
            </Link>
          ))}
        </nav>
      </header>

      <section aria-label="合计" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {totals.map((total) => (
          <div key={total.key} className="rounded bg-card px-4 py-3" data-testid={`total-${total.key}`}>
            <p className="text-[13px] text-fg-3">
              {total.label}（近 {data.days} 天）
            </p>
            <p className="mt-1 font-semibold text-2xl text-fg" title={String(total.value)}>
              {formatCount(total.value)}
            </p>
            <p className="mt-0.5 text-[13px] text-fg-3">今日 {today ? (today[total.key] ?? 0) : 0}</p>
          </div>
        ))}
      </section>

      <section aria-labelledby="views-chart" className="rounded bg-card px-5 py-4">
        <h2 id="views-chart" className="mb-2 font-semibold text-base">
          每日阅读
        </h2>
        <AnalyticsChart days={days} series={views} label={`近 ${data.days} 天每日阅读折线图，数据见下方表格`} />
      </section>
      <section aria-labelledby="interactions-chart" className="rounded bg-card px-5 py-4">
        <h2 id="interactions-chart" className="mb-2 font-semibold text-base">
          每日互动
        </h2>
        <AnalyticsChart
          days={days}
          series={interactions}
          label={`近 ${data.days} 天每日${interactions.map((s) => s.label).join('、')}折线图，数据见下方表格`}
        />
        <details className="mt-3 text-[13px]">
          <summary className="cursor-pointer text-fg-2">按日数据表</summary>
          <div className="mt-2 max-h-80 overflow-auto">
            <table className="w-full text-left tabular-nums">
              <thead className="text-fg-3">
                <tr>
                  <th className="py-1 font-normal">日期</th>
                  {totals.map((t) => (
                    <th key={t.key} className="py-1 text-right font-normal">
                      {t.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...data.daily].reverse().map((d) => (
                  <tr key={d.day} className="border-line border-t">
                    <td className="py-1">{d.day}</td>
                    {totals.map((t) => (
                      <td key={t.key} className="py-1 text-right">
                        {d[t.key] ?? 0}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>

      <section aria-labelledby="per-entry" className="rounded bg-card">
        <h2 id="per-entry" className="border-line border-b px-5 py-3 font-semibold text-base">
          文章数据（近 {data.days} 天）
        </h2>
        {data.entries.length === 0 ? (
          <NoEntriesYet />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[560px] text-left text-sm tabular-nums">
              <thead className="text-[13px] text-fg-3">
                <tr>
                  <th className="px-5 py-2 font-normal">文章</th>
                  <th className="px-2 py-2 text-right font-normal">阅读</th>
                  <th className="px-2 py-2 text-right font-normal">点赞</th>
                  <th className="px-2 py-2 text-right font-normal">评论</th>
                  <th className="px-2 py-2 text-right font-normal">分享</th>
                  <th className="px-5 py-2 text-right font-normal">累计阅读</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((entry) => (
                  <tr
                    key={entry.id}
                    className={`border-line border-t ${data.entry?.id === entry.id ? 'bg-brand-tint' : ''}`}
                  >
                    <td className="max-w-[360px] px-5 py-2">
                      <Link
                        to={href(data.days, entry.id)}
                        aria-current={data.entry?.id === entry.id ? 'page' : undefined}
                        className="line-clamp-1 text-fg hover:text-brand"
                        title={`查看《${entry.title}》的每日数据`}
                      >
                        {entry.title}
                      </Link>
                      <Link to={entryHref(entry)} className="text-[13px] text-fg-3 hover:text-brand">
                        阅读原文
                      </Link>
                    </td>
                    <td className="px-2 py-2 text-right">{entry.views}</td>
                    <td className="px-2 py-2 text-right">{entry.likes}</td>
                    <td className="px-2 py-2 text-right">{entry.comments}</td>
                    <td className="px-2 py-2 text-right">{entry.shares}</td>
                    <td className="px-5 py-2 text-right">{formatCount(entry.totalViews)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </PageContainer>
  );
}
