import { useEffect, useState } from 'react';
import { type Theme, applyTheme, readTheme, saveTheme, watchSystemTheme } from '~/lib/theme.ts';
import { iconButtonClass } from '~/ui/button.tsx';
import { LazyMenu, menuModule } from '~/ui/lazy-menu.tsx';
import { THEME_ICONS, THEME_LABELS } from './theme-choices.ts';

const themeMenu = menuModule(() => import('./theme-menu.tsx'));

/**
 * Light, dark or the system's choice, remembered in localStorage. The head script of
 * app/root.tsx applies it before paint; this menu changes it and follows the system live.
 */
export function ThemeToggle() {
  // The server cannot know the stored choice; the first client render reads it.
  const [theme, setTheme] = useState<Theme>('system');
  useEffect(() => setTheme(readTheme()), []);
  useEffect(() => {
    if (theme !== 'system') return;
    return watchSystemTheme(() => applyTheme('system'));
  }, [theme]);

  const Icon = THEME_ICONS[theme];
  return (
    <LazyMenu
      of={themeMenu}
      menuProps={{
        theme,
        onThemeChange: (value: Theme) => {
          saveTheme(value);
          setTheme(value);
        },
      }}
      trigger={
        <button type="button" aria-label={`主题：${THEME_LABELS[theme]}`} title="主题" className={iconButtonClass()}>
          <Icon aria-hidden size={20} strokeWidth={1.75} />
        </button>
      }
    />
  );
}
