import { createContext, useContext } from 'react';

export const BARRAGE_TYPES = ['233', '666', 'up'] as const;
export type BarrageType = (typeof BARRAGE_TYPES)[number];

/** Comment shortcut words that fire the barrage (SPEC §2.4): 233, 666, and 牛 / 赞 for up. */
export function barrageTypeFor(text: string): BarrageType | null {
  const word = text.trim();
  if (word === '233' || word === '666') return word;
  if (word === '牛' || word === '赞') return 'up';
  return null;
}

export interface BarrageApi {
  fire: (type: BarrageType) => void;
  stop: () => void;
}

export const BarrageContext = createContext<BarrageApi | null>(null);

export function useBarrage(): BarrageApi {
  const api = useContext(BarrageContext);
  if (!api) throw new Error('useBarrage needs the shell of app/root.tsx');
  return api;
}
