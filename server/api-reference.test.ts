import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_MARKER, type OpenApiDocument, withApiReference } from '../scripts/api-reference.ts';
import { openApiDocument } from './app.ts';

describe('docs/api.md', () => {
  const doc = openApiDocument() as unknown as OpenApiDocument;

  it('lists the operations of the OpenAPI document exactly as `npm run docs:api` writes them', () => {
    const current = readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8');
    expect(current).toContain(GENERATED_MARKER);
    // On a difference: run `npm run docs:api` and commit docs/api.md.
    expect(current).toBe(withApiReference(current, doc));
  });

  it('renders every operation once, with its method, path and inputs', () => {
    const rendered = withApiReference('# The API\n', doc);
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item));
    expect(rendered.match(/^\| (GET|POST|PUT|PATCH|DELETE) \|/gm)).toHaveLength(operations.length);
    expect(rendered).toContain('| GET | `/get_entry_by_ids` | Entries by id, in the order given | `entryIds` |');
    expect(rendered).toContain('### `timeline`');
  });
});
