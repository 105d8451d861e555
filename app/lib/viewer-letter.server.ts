import { type LetterAvatar, letterAvatar } from '@core/avatar.ts';
import type { AppLoadContext } from 'react-router';

type Person = { id: string; username: string; avatarLarge: string };

/**
 * The letter avatar the header draws for a viewer without a picture. A signed-in page rendered as
 * a template for every viewer of its shape (server/http/viewer-pages.ts) gets tokens instead, which
 * each request fills with its viewer's own (viewerLetterValues).
 */
export function viewerLetter(context: AppLoadContext, viewer: Person): LetterAvatar | null {
  if (viewer.avatarLarge) return null;
  const template = context.template;
  return template ? { initial: template.value('initial'), color: template.value('color') } : letterAvatar(viewer);
}

/** What fills a template's letter tokens for this viewer. */
export function viewerLetterValues(viewer: Person): Record<string, string> {
  return viewer.avatarLarge ? {} : { ...letterAvatar(viewer) };
}
