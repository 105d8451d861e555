/**
 * A seeded pseudo-random source (mulberry32): the same seed gives the same demo content and
 * relations on every machine, so screenshots, tests and the README stay true.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** `count` distinct items in random order (all of them when count exceeds the length). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, n);
  }

  /** A skewed count in [0, max]: most values small, a few large, like real engagement. */
  skewed(max: number, power = 2.2): number {
    return Math.floor(this.next() ** power * (max + 1));
  }

  /** 24 hex characters like core/ids newId: creation seconds first, so ids still sort by time. */
  id(at: Date): string {
    const seconds = Math.floor(at.getTime() / 1000)
      .toString(16)
      .padStart(8, '0');
    let tail = '';
    while (tail.length < 16)
      tail += Math.floor(this.next() * 0x10000)
        .toString(16)
        .padStart(4, '0');
    return seconds + tail;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
