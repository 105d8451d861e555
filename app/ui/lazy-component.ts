import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A component whose code loads when it first renders (React.lazy, shown inside a Suspense). A
 * chunk that fails to load (a lost connection, a deploy that removed it) renders `failed`
 * instead, nothing by default, rather than throwing the page into its error boundary.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  failed: ComponentType<P> = () => null,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: failed }),
    ),
  );
}
