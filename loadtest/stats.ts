/** What the simulated people measured: every request with its time, call name, status and duration. */

export interface Sample {
  /** Milliseconds since the phase started, when the request was sent. */
  at: number;
  call: string;
  /** The HTTP status; 0 when no answer came (connection refused, reset, timeout). */
  status: number;
  ms: number;
}

export class Recorder {
  readonly samples: Sample[] = [];
  readonly startedAt = performance.now();
  /** Events that are not requests (a live stream cut, an event received). */
  readonly events = new Map<string, number>();

  now(): number {
    return performance.now() - this.startedAt;
  }

  record(call: string, at: number, status: number): Sample {
    const sample = { at, call, status, ms: this.now() - at };
    this.samples.push(sample);
    return sample;
  }

  count(event: string, by = 1): void {
    this.events.set(event, (this.events.get(event) ?? 0) + by);
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export interface CallRow {
  call: string;
  count: number;
  perSecond: number;
  p50: number;
  p99: number;
  ok: number;
  client4xx: number;
  server5xx: number;
  noAnswer: number;
}

/** Per call: count, rate over the phase, p50/p99 of the answered requests, and the outcome counts. */
export function summarise(samples: Sample[], seconds: number): CallRow[] {
  const byCall = new Map<string, Sample[]>();
  for (const sample of samples) {
    const list = byCall.get(sample.call) ?? [];
    list.push(sample);
    byCall.set(sample.call, list);
  }
  const rows = [...byCall.entries()].map(([call, list]) => {
    const answered = list
      .filter((s) => s.status > 0)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    return {
      call,
      count: list.length,
      perSecond: list.length / seconds,
      p50: percentile(answered, 50),
      p99: percentile(answered, 99),
      ok: list.filter((s) => s.status >= 200 && s.status < 400).length,
      client4xx: list.filter((s) => s.status >= 400 && s.status < 500).length,
      server5xx: list.filter((s) => s.status >= 500).length,
      noAnswer: list.filter((s) => s.status === 0).length,
    };
  });
  return rows.sort((a, b) => a.call.localeCompare(b.call));
}

/** A fixed-width table; numbers right-aligned. */
export function table(headers: string[], rows: Array<Array<string | number>>): string {
  const cells = rows.map((row) => row.map((cell) => (typeof cell === 'number' ? format(cell) : cell)));
  const widths = headers.map((h, i) => Math.max(width(h), ...cells.map((row) => width(row[i] ?? ''))));
  const line = (row: string[], numeric: boolean[]) =>
    row
      .map((cell, i) => (numeric[i] ? pad(cell, widths[i], true) : pad(cell, widths[i], false)))
      .join('  ')
      .trimEnd();
  const numeric = headers.map((_, i) => rows.some((row) => typeof row[i] === 'number'));
  return [line(headers, numeric), ...cells.map((row) => line(row, numeric))].join('\n');
}

function format(value: number): string {
  if (Number.isNaN(value)) return '-';
  if (Number.isInteger(value)) return String(value);
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

/** Display width: CJK characters take two columns. */
function width(text: string): number {
  let w = 0;
  for (const ch of text) w += /[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? 2 : 1;
  return w;
}

function pad(text: string, to: number, left: boolean): string {
  const fill = ' '.repeat(Math.max(0, to - width(text)));
  return left ? fill + text : text + fill;
}
