import type { MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';

/** A click React Router's <Link> would take over: the main button, no modifier, not handled already. */
function isPlainClick(event: MouseEvent<Element>): boolean {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey
  );
}

/**
 * For markup the server rendered without React Router (feed rows, pin card bodies): a click on
 * one of its plain links navigates in the app as <Link> would (same origin, no target, a plain
 * click; a link to the page shown replaces it in the history). Returns whether it took the click.
 */
export function followLinkInApp(event: MouseEvent<Element>, navigate: NavigateFunction): boolean {
  const link = (event.target as Element).closest('a');
  if (!link || link.origin !== window.location.origin || link.target || !isPlainClick(event)) return false;
  event.preventDefault();
  const to = `${link.pathname}${link.search}${link.hash}`;
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  void navigate(to, { replace: to === here });
  return true;
}
