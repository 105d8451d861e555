import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: number[];
  /** Colours in the light and the dark theme. */
  color: { light: string; dark: string };
}

function isDark(): boolean {
  return document.documentElement.classList.contains('dark');
}

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** Unix seconds of a China Standard Time day's start. */
function daySeconds(day: string): number {
  return Date.parse(`${day}T00:00:00+08:00`) / 1000;
}

/**
 * A line chart of per-day counts drawn by uPlot (canvas, ~50 KB, loaded only with this page: the
 * library is imported when the chart mounts). Axis, grid and series colours follow the theme and
 * are redrawn when it changes; the width follows the container. Days are China Standard Time.
 */
export function AnalyticsChart({ days, series, label }: { days: string[]; series: ChartSeries[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | null = null;
    let cancelled = false;
    let library: typeof uPlot | null = null;

    const draw = () => {
      if (!library || cancelled) return;
      chart?.destroy();
      const dark = isDark();
      const axis = cssVar('--fg-3') || (dark ? '#8a94a3' : '#646b78');
      const grid = cssVar('--line') || (dark ? '#2e2e30' : '#e5e6eb');
      const uPlotLib = library;
      const options: uPlot.Options = {
        width: Math.max(element.clientWidth, 280),
        height: 240,
        tzDate: (seconds) => uPlotLib.tzDate(new Date(seconds * 1000), 'Asia/Shanghai'),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
        series: [
          { label: '日期', value: '{YYYY}-{MM}-{DD}' },
          ...series.map((s) => {
            const color = dark ? s.color.dark : s.color.light;
            return { label: s.label, stroke: color, width: 2, points: { show: days.length <= 31, size: 5 } };
          }),
        ],
        axes: [
          {
            stroke: axis,
            grid: { stroke: grid, width: 1 },
            ticks: { stroke: grid, width: 1 },
            values: '{M}/{D}',
          },
          {
            stroke: axis,
            grid: { stroke: grid, width: 1 },
            ticks: { stroke: grid, width: 1 },
            size: 44,
            incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 50_000, 100_000],
          },
        ],
        legend: { show: true, live: true },
        cursor: { drag: { x: false, y: false } },
      };
      const data: uPlot.AlignedData = [days.map(daySeconds), ...series.map((s) => s.values)];
      chart = new uPlotLib(options, data, element);
    };

    void import('uplot').then(({ default: lib }) => {
      library = lib;
      draw();
    });
    const resize = new ResizeObserver(() => chart?.setSize({ width: Math.max(element.clientWidth, 280), height: 240 }));
    resize.observe(element);
    const theme = new MutationObserver(draw);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => {
      cancelled = true;
      resize.disconnect();
      theme.disconnect();
      chart?.destroy();
    };
  }, [days, series]);

  return <div ref={box} role="img" aria-label={label} className="analytics-chart min-h-[280px] w-full text-fg-2" />;
}
