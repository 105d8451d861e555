/** `npm run docs:api`: rewrites the generated part of docs/api.md from the OpenAPI document. */
import { readFileSync, writeFileSync } from 'node:fs';
import { openApiDocument } from '../server/app.ts';
import { type OpenApiDocument, withApiReference } from './api-reference.ts';

const file = new URL('../docs/api.md', import.meta.url);
const next = withApiReference(readFileSync(file, 'utf8'), openApiDocument() as unknown as OpenApiDocument);
writeFileSync(file, next);
console.log('docs/api.md: operations rewritten from the OpenAPI document');
