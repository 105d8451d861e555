import { Monitor, Moon, Sun } from '~/ui/icons.tsx';
import { useEffect, useState } from 'react';
import { type Theme, applyTheme, isTheme, readTheme, saveTheme, watchSystemTheme } from '~/lib/theme.ts';
import { iconButtonClass } from '~/ui/button.tsx';
import { Menu, MenuContent, MenuRadioGroup, MenuRadioItem, MenuTrigger } from '~/ui/menu.tsx';

const THEME_LABELS: Record<Theme, string> = { light: '浅色', dark: '深色', system: '跟随系统' };
const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

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
    <Menu>
      <MenuTrigger aria-label={`主题：${THEME_LABELS[theme]}`} title="主题" className={iconButtonClass()}>
        <Icon aria-hidden size={20} strokeWidth={1.75} />
      </MenuTrigger>
      <MenuContent align="end" className="min-w-32">
        <MenuRadioGroup
          value={theme}
          onValueChange={(value) => {
            if (!isTheme(value)) return;
            saveTheme(value);
            setTheme(value);
          }}
        >
          {(Object.keys(THEME_LABELS) as Theme[]).map((key) => {
            const ItemIcon = THEME_ICONS[key];
            return (
              <MenuRadioItem key={key} value={key}>
                <ItemIcon aria-hidden size={16} strokeWidth={1.75} />
                {THEME_LABELS[key]}
              </MenuRadioItem>
            );
          })}
        </MenuRadioGroup>
      </MenuContent>
    </Menu>
  );
}
