import { describe, expect, it } from 'vitest';
import { editHref, editedInShareForm } from './links.ts';

const id = 'a'.repeat(24);

describe('editHref', () => {
  it('sends shared links to the share form, whatever their type', () => {
    expect(editHref({ id, type: 'article', originalUrl: 'https://example.com/a' })).toBe(`/edit-entry/${id}`);
    expect(editHref({ id, type: 'vote', originalUrl: 'https://example.com/a' })).toBe(`/edit-entry/${id}`);
  });
  it('sends votes to the share form, which alone edits their options', () => {
    expect(editHref({ id, type: 'vote', originalUrl: '' })).toBe(`/edit-entry/${id}`);
  });
  it('sends written articles and column posts to the editor', () => {
    expect(editHref({ id, type: 'article', originalUrl: '' })).toBe(`/editor/posts/${id}`);
    expect(editHref({ id, type: 'post', originalUrl: '' })).toBe(`/editor/posts/${id}`);
  });
  it('agrees with editedInShareForm, the rule /edit-entry/{id} redirects by', () => {
    for (const type of ['article', 'post', 'vote']) {
      for (const originalUrl of ['', 'https://example.com/a']) {
        const entry = { id, type, originalUrl };
        expect(editHref(entry) === `/edit-entry/${id}`).toBe(editedInShareForm(entry));
      }
    }
  });
});
