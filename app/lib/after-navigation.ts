/**
 * Leaving a route's error view remounts the document (React Router renders the root Layout around
 * the ErrorBoundary and around the page separately), so providers' state is lost on the way. What
 * is wanted on the next page (an alert, the auth modal) waits in a slot like this, tagged with the
 * page it was asked from, until the provider on another page takes it.
 */
export interface AfterNavigationSlot<T> {
  /** Keeps `value` for the first page whose location key differs from `fromLocationKey`. */
  put: (value: T, fromLocationKey: string) => void;
  /** The waiting value, once, when asked from another page than the one that put it; else null. */
  take: (locationKey: string) => T | null;
}

export function afterNavigationSlot<T>(): AfterNavigationSlot<T> {
  let pending: { value: T; fromLocationKey: string } | null = null;
  return {
    put(value, fromLocationKey) {
      pending = { value, fromLocationKey };
    },
    take(locationKey) {
      if (!pending || pending.fromLocationKey === locationKey) return null;
      const { value } = pending;
      pending = null;
      return value;
    },
  };
}
