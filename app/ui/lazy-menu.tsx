import {
  type ComponentType,
  type LazyExoticComponent,
  type ReactElement,
  Suspense,
  cloneElement,
  lazy,
  useState,
} from 'react';

/** What the loaded menu receives besides its own props: the trigger to wrap, and whether to open at once. */
export interface LazyMenuProps {
  trigger: ReactElement<TriggerProps>;
  defaultOpen: boolean;
}

interface TriggerProps {
  onClick?: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  'aria-haspopup'?: 'menu' | 'dialog';
  'aria-expanded'?: boolean;
}

interface MenuModule<P> {
  Loaded: LazyExoticComponent<ComponentType<P & LazyMenuProps>>;
  load: () => Promise<unknown>;
}

/** A menu module to load on first use: `menuModule(() => import('./x-menu.tsx'))` at module level. */
export function menuModule<P extends object>(
  load: () => Promise<{ default: ComponentType<P & LazyMenuProps> }>,
): MenuModule<P> {
  return { Loaded: lazy(load), load };
}

/**
 * A header menu or popover whose radix code (about 20 KB gzipped with its positioning library) is
 * not part of the first load: the trigger renders at once, on the server too; the pointer coming
 * near it or focus fetches the menu, and the first press opens it. From then on the loaded menu
 * owns its trigger and its state.
 */
export function LazyMenu<P extends object>({
  of: { Loaded, load },
  trigger,
  menuProps,
  popup = 'menu',
}: {
  of: MenuModule<P>;
  trigger: ReactElement<TriggerProps>;
  menuProps: P;
  popup?: 'menu' | 'dialog';
}) {
  const [pressed, setPressed] = useState(false);
  const preload = () => void load();
  const waiting = cloneElement(trigger, {
    'aria-haspopup': popup,
    'aria-expanded': false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => setPressed(true),
  });
  if (!pressed) return waiting;
  return (
    <Suspense fallback={waiting}>
      <Loaded {...menuProps} trigger={trigger} defaultOpen />
    </Suspense>
  );
}
