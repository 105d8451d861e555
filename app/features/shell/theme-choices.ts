import type { Theme } from '~/lib/theme.ts';
import { Monitor, Moon, Sun } from '~/ui/icons.tsx';

/** The three themes as the toggle and its menu name and draw them. */
export const THEME_LABELS: Record<Theme, string> = { light: '浅色', dark: '深色', system: '跟随系统' };
export const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;
