import { type Theme, isTheme } from '~/lib/theme.ts';
import type { LazyMenuProps } from '~/ui/lazy-menu.tsx';
import { Menu, MenuContent, MenuRadioGroup, MenuRadioItem, MenuTrigger } from '~/ui/menu.tsx';
import { THEME_ICONS, THEME_LABELS } from './theme-choices.ts';

/** The theme toggle's menu, loaded on first use (theme-toggle.tsx). */
export default function ThemeMenu({
  trigger,
  defaultOpen,
  theme,
  onThemeChange,
}: LazyMenuProps & { theme: Theme; onThemeChange: (theme: Theme) => void }) {
  return (
    <Menu defaultOpen={defaultOpen}>
      <MenuTrigger asChild>{trigger}</MenuTrigger>
      <MenuContent align="end" className="min-w-32">
        <MenuRadioGroup value={theme} onValueChange={(value) => isTheme(value) && onThemeChange(value)}>
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
