/**
 * docs/api.md's operation reference, rendered from the OpenAPI document (server/app.ts
 * openApiDocument): `npm run docs:api` writes it, server/api-reference.test.ts fails when the
 * file and the contracts disagree. The text above the marker is written by hand.
 */

export const GENERATED_MARKER =
  '<!-- Generated from the OpenAPI document by `npm run docs:api`: edit the contracts, not below. -->';

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}

interface Operation {
  tags?: string[];
  summary?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function resolve(doc: OpenApiDocument, schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.split('/').at(-1) ?? '';
  return resolve(doc, doc.components?.schemas?.[name]);
}

/** The names a JSON or form body carries, required ones plain and optional ones with `?`. */
function bodyFields(doc: OpenApiDocument, operation: Operation): string[] {
  const content = operation.requestBody?.content ?? {};
  const media =
    content['application/json'] ?? content['application/x-www-form-urlencoded'] ?? content['multipart/form-data'];
  const schema = resolve(doc, media?.schema);
  if (!schema) return [];
  const parts = [schema, ...(schema.allOf ?? []).map((s) => resolve(doc, s) ?? {})];
  const fields: string[] = [];
  for (const part of parts) {
    const required = new Set(part.required ?? []);
    for (const name of Object.keys(part.properties ?? {})) fields.push(required.has(name) ? name : `${name}?`);
  }
  if (fields.length === 0 && media) fields.push('(body)');
  return fields;
}

function inputsOf(doc: OpenApiDocument, operation: Operation): string {
  const params = (operation.parameters ?? [])
    .filter((p) => p.in === 'query' || p.in === 'path')
    .map((p) => (p.in === 'path' || p.required ? p.name : `${p.name}?`));
  const body = bodyFields(doc, operation);
  const parts: string[] = [];
  if (params.length) parts.push(params.map((p) => `\`${p}\``).join(', '));
  if (body.length) parts.push(`body ${body.map((f) => `\`${f}\``).join(', ')}`);
  return parts.join('; ') || '—';
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The generated part: one table per service (the first path segment), operations in path order. */
export function renderApiReference(doc: OpenApiDocument): string {
  const byService = new Map<string, string[]>();
  const paths = Object.keys(doc.paths).sort();
  for (const path of paths) {
    const service = path.split('/')[1] ?? '';
    for (const method of METHODS) {
      const operation = doc.paths[path][method];
      if (!operation) continue;
      const display = path.slice(service.length + 1).replace(/\{(\w+)\}/g, '{$1}') || '/';
      const row = `| ${method.toUpperCase()} | \`${cell(display)}\` | ${cell(operation.summary ?? '')} | ${cell(inputsOf(doc, operation))} |`;
      if (!byService.has(service)) byService.set(service, []);
      byService.get(service)?.push(row);
    }
  }
  const lines = [
    GENERATED_MARKER,
    '',
    '## Operations',
    '',
    `${[...byService.values()].reduce((n, rows) => n + rows.length, 0)} operations in ${byService.size} services, each at \`/api/<service><path>\`. Inputs: query and path parameters, then the body's fields; \`?\` marks an optional one.`,
  ];
  for (const [service, rows] of [...byService.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push('', `### \`${service}\``, '', '| method | path | what | inputs |', '|---|---|---|---|', ...rows);
  }
  return `${lines.join('\n')}\n`;
}

/** docs/api.md with its generated part replaced (or appended when the marker is missing). */
export function withApiReference(current: string, doc: OpenApiDocument): string {
  const at = current.indexOf(GENERATED_MARKER);
  const handWritten = (at === -1 ? current : current.slice(0, at)).trimEnd();
  return `${handWritten}\n\n${renderApiReference(doc)}`;
}
