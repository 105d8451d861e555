import { describe, expect, it } from 'vitest';
import { chinaLocalToIso, eventPhase, formatEventWindow, isoToChinaLocal, monthOf, monthRange } from './events.ts';

describe('event times are China time for everyone', () => {
  it('formats the window with the weekday, and the end day when it differs', () => {
    expect(formatEventWindow('2031-05-10T06:00:00.000Z', '2031-05-10T09:30:00.000Z')).toBe(
      '2031/05/10 周六 14:00 – 17:30',
    );
    // 23:00 UTC is already the next day in Beijing.
    expect(formatEventWindow('2030-12-31T23:00:00.000Z', '2031-01-02T01:00:00.000Z')).toBe(
      '2031/01/01 周三 07:00 – 2031/01/02 周四 09:00',
    );
  });

  it('turns months into ranges and back, and form times into instants', () => {
    expect(monthRange('2030-02')).toEqual({
      from: new Date('2030-01-31T16:00:00.000Z'),
      to: new Date('2030-02-28T16:00:00.000Z'),
    });
    expect(monthRange('2030-13')).toBeNull();
    expect(monthOf('2030-01-31T16:30:00.000Z')).toBe('2030-02');
    expect(chinaLocalToIso('2031-05-10T14:00')).toBe('2031-05-10T14:00:00+08:00');
    expect(chinaLocalToIso('10/05/2031')).toBe('');
    expect(isoToChinaLocal('2031-05-10T06:00:00.000Z')).toBe('2031-05-10T14:00');
  });

  it('tells coming, running and past events apart', () => {
    const now = Date.parse('2031-05-10T07:00:00.000Z');
    const at = (start: string, end: string) => eventPhase({ startedAt: start, endedAt: end }, now);
    expect(at('2031-05-10T08:00:00Z', '2031-05-10T09:00:00Z')).toBe('coming');
    expect(at('2031-05-10T06:00:00Z', '2031-05-10T09:00:00Z')).toBe('ongoing');
    expect(at('2031-05-10T05:00:00Z', '2031-05-10T07:00:00Z')).toBe('past');
  });
});
