import { STORAGE_KEYS, readStorage, writeStorage } from './storage.ts';

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function readTheme(): Theme {
  const stored = readStorage(STORAGE_KEYS.theme);
  return isTheme(stored) ? stored : 'system';
}

export function prefersDark(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(DARK_QUERY).matches;
}

/** Puts the `dark` class on <html> for the chosen theme; 'system' follows the operating system. */
export function applyTheme(theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && prefersDark());
  document.documentElement.classList.toggle('dark', dark);
}

export function saveTheme(theme: Theme): void {
  writeStorage(STORAGE_KEYS.theme, theme);
  applyTheme(theme);
}

export function watchSystemTheme(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Runs in <head> before the first paint, so a dark page never flashes light. It repeats
 * applyTheme's rule in plain ES5 because it runs before any module loads.
 */
export const themeScript = `(function(){try{var t=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.theme)});var d=t==='dark'||(t!=='light'&&window.matchMedia(${JSON.stringify(DARK_QUERY)}).matches);if(d)document.documentElement.classList.add('dark')}catch(e){}})()`;
