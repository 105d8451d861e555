import { useEffect, useRef } from 'react';

export const METRIC_LABELS = {
  signups: '注册',
  entries: '文章',
  comments: '评论',
  pins: '沸点',
  reports: '举报',
  orders: '订单',
} as const;
export type Metric = keyof typeof METRIC_LABELS;

const METRIC_COLORS: Record<Metric, string> = {
  signups: '#1e80ff',
  entries: '#22a06b',
  comments: '#e2a03f',
  pins: '#8e44ad',
  reports: '#e5484d',
  orders: '#0f9bb5',
};

export interface DashboardData {
  days: string[];
  series: Record<Metric, { daily: number[]; today: number; week: number }>;
}

/** Today's and the week's numbers, one card per metric (server-rendered, readable without the chart). */
export function DashboardCards({ data }: { data: DashboardData }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="今日与本周">
      {(Object.keys(METRIC_LABELS) as Metric[]).map((metric) => (
        <li key={metric} className="rounded border border-line p-3" data-metric={metric}>
          <p className="text-fg-2 text-sm">{METRIC_LABELS[metric]}</p>
          <p className="mt-1 font-semibold text-[22px] text-fg" data-testid={`today-${metric}`}>
            {data.series[metric].today}
          </p>
          <p className="text-fg-3 text-xs">
            今日 · 近 7 天 <span data-testid={`week-${metric}`}>{data.series[metric].week}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The week per day as a line chart (Chart.js, loaded only here, on the client) with the same
 * numbers in a table for screen readers and for the first paint.
 */
export function DashboardChart({ data }: { data: DashboardData }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let cancelled = false;
    void import('chart.js').then(
      ({ Chart, LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend, Tooltip }) => {
        if (cancelled || !canvas.current) return;
        Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend, Tooltip);
        chart = new Chart(canvas.current, {
          type: 'line',
          data: {
            labels: data.days.map((day) => day.slice(5)),
            datasets: (Object.keys(METRIC_LABELS) as Metric[]).map((metric) => ({
              label: METRIC_LABELS[metric],
              data: data.series[metric].daily,
              borderColor: METRIC_COLORS[metric],
              backgroundColor: METRIC_COLORS[metric],
              tension: 0.25,
            })),
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
          },
        });
      },
    );
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [data]);

  return (
    <figure className="mt-5">
      <div className="relative h-[280px]">
        <canvas ref={canvas} role="img" aria-label="近 7 天每日数据折线图" data-testid="dashboard-chart" />
      </div>
      <table className="sr-only">
        <caption>近 7 天每日数据</caption>
        <thead>
          <tr>
            <th scope="col">日期</th>
            {(Object.keys(METRIC_LABELS) as Metric[]).map((metric) => (
              <th key={metric} scope="col">
                {METRIC_LABELS[metric]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.days.map((day, i) => (
            <tr key={day}>
              <th scope="row">{day}</th>
              {(Object.keys(METRIC_LABELS) as Metric[]).map((metric) => (
                <td key={metric}>{data.series[metric].daily[i]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
