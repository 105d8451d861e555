export type { PinView } from '@server/modules/pins/pins.service.ts';
export type { PinCardView, PinRowRef, PinRowView } from './pin-rows.ts';

export type PinTab = 'newest' | 'hot' | 'following';

export const PIN_TABS: Array<{ key: PinTab; label: string; to: string }> = [
  { key: 'newest', label: '最新', to: '/pins' },
  { key: 'hot', label: '热门', to: '/pins/hot' },
  { key: 'following', label: '关注', to: '/pins/following' },
];
