#!/usr/bin/env node
/**
 * The use-case rule that neither TypeScript nor Biome sees (part of `npm run lint`; see
 * docs/decisions/020-service-shape.md):
 *
 *  1. Every exported function of a `server/modules/<m>/*.service.ts` that reaches the database,
 *     the viewer or the configuration is a use case: `verbNoun(ctx, input?)`, the first
 *     parameter named `ctx` (a `Ctx` from server/http/context.ts, or the `Pick<Ctx, …>` it
 *     needs), at most one more parameter (one value, or one object when there are several).
 *     A function with neither (a formatter, a token signer, a formula) is a pure helper and may
 *     take what it likes.
 *     The same holds for the files a service re-exports (`export { importRepo } from
 *     './repos.import.ts'`): their functions are the module's use cases as much as its own.
 *  2. SQL lives in `*.queries.ts`: no other file of a module imports a value from `drizzle-orm`,
 *     nor from a file of db/ that does (db/ranking.ts's formulas and refreshes, db/repo-trending.ts):
 *     a use case reaches SQL through its queries. Values of `@db/schema` (enum lists) are for the
 *     contracts only, `*.routes.ts` and `*.schemas.ts`.
 *
 * Exits 1 and lists each violation.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const modulesDir = path.join(root, 'server/modules');

/** Parameter names and types that mark a function as a use case (it touches the world). */
const WORLD_NAMES = new Set(['db', 'tx', 'executor', 'database', 'viewer', 'env', 'deps', 'logger', 'adapters']);
const WORLD_TYPES = /\b(Db|Tx|Viewer|RequestContext|Ctx|Env|Adapters|Runner)\b/;

/**
 * Modules not converted yet (issue 17): their violations are reported as pending, not failures.
 * The check fails on a listed module that has none left, so the list can only shrink.
 */
const PENDING = new Set([]);

const violations = [];
const pending = new Map();

const isValueImport = (st) =>
  !(
    st.importClause?.isTypeOnly ||
    (st.importClause &&
      !st.importClause.name &&
      st.importClause.namedBindings &&
      ts.isNamedImports(st.importClause.namedBindings) &&
      st.importClause.namedBindings.elements.every((e) => e.isTypeOnly))
  );
const parse = (rel) =>
  ts.createSourceFile(rel, fs.readFileSync(path.join(root, rel), 'utf8'), ts.ScriptTarget.Latest, true);

/** db/ files that run SQL: they import a value from drizzle-orm (memoised by path). */
const sqlInDb = new Map();
function runsSql(dbSpecifier) {
  const rel = `db/${dbSpecifier.slice('@db/'.length)}`;
  if (!sqlInDb.has(rel)) {
    const file = [rel, `${rel}.ts`, `${rel}/index.ts`].find(
      (f) => fs.existsSync(path.join(root, f)) && fs.statSync(path.join(root, f)).isFile(),
    );
    sqlInDb.set(
      rel,
      !!file &&
        parse(file).statements.some(
          (st) => ts.isImportDeclaration(st) && st.moduleSpecifier.text.startsWith('drizzle-orm') && isValueImport(st),
        ),
    );
  }
  return sqlInDb.get(rel);
}

/** Rule 2 for any file of a module but its queries and tests. */
function checkImports(rel, sf, mod, found) {
  const contract = /\.(routes|schemas)\.ts$/.test(rel);
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !isValueImport(st)) continue;
    const from = st.moduleSpecifier.text;
    const line = sf.getLineAndCharacterOfPosition(st.getStart()).line + 1;
    if (from.startsWith('drizzle-orm') || (from.startsWith('@db/schema') && !contract)) {
      found.push(`${rel}:${line}: imports ${from} (SQL belongs in ${mod}.queries.ts)`);
    } else if (from.startsWith('@db/') && !from.startsWith('@db/schema') && runsSql(from)) {
      found.push(`${rel}:${line}: imports ${from}, which runs SQL (call it from ${mod}.queries.ts)`);
    }
  }
}

/** Rule 1 for a service file and the files it re-exports. */
function checkUseCases(rel, sf, found) {
  const where = (node) => `${rel}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  for (const st of sf.statements) {
    if (!st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    const fns = [];
    if (ts.isFunctionDeclaration(st) && st.name) fns.push([st.name.text, st]);
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        const init = d.initializer;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) fns.push([d.name.getText(), init]);
      }
    }
    for (const [name, fn] of fns) {
      const params = fn.parameters.map((p) => ({ name: p.name.getText(), type: p.type?.getText() ?? '' }));
      const touchesWorld = params.some((p) => WORLD_NAMES.has(p.name) || WORLD_TYPES.test(p.type));
      if (params[0]?.name === 'ctx') {
        if (params.length > 2) found.push(`${where(fn)}: ${name}(ctx, …) takes ${params.length} parameters: one input`);
      } else if (touchesWorld) {
        found.push(`${where(fn)}: ${name}(${params.map((p) => p.name).join(', ')}) is a use case: (ctx, input)`);
      }
    }
  }
}

/** The module's own files a file re-exports (`export … from './x.ts'`). */
function reExported(rel, sf) {
  const out = [];
  for (const st of sf.statements) {
    if (!ts.isExportDeclaration(st) || !st.moduleSpecifier || st.isTypeOnly) continue;
    const spec = st.moduleSpecifier.text;
    if (!spec.startsWith('./')) continue;
    out.push(path.posix.join(path.posix.dirname(rel), spec));
  }
  return out;
}

for (const mod of fs.readdirSync(modulesDir).sort()) {
  const dir = path.join(modulesDir, mod);
  if (!fs.statSync(dir).isDirectory()) continue;
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !/\.test(-support)?\.ts$/.test(f));
  const found = [];
  const parsed = new Map(files.map((f) => [path.posix.join('server/modules', mod, f), null]));
  const sourceOf = (rel) => {
    if (!parsed.get(rel)) parsed.set(rel, parse(rel));
    return parsed.get(rel);
  };
  for (const rel of parsed.keys()) {
    if (!rel.endsWith('.queries.ts')) checkImports(rel, sourceOf(rel), mod, found);
  }
  const useCaseFiles = [...parsed.keys()].filter((rel) => rel.endsWith('.service.ts'));
  for (let i = 0; i < useCaseFiles.length; i++) {
    const rel = useCaseFiles[i];
    checkUseCases(rel, sourceOf(rel), found);
    for (const next of reExported(rel, sourceOf(rel)))
      if (parsed.has(next) && !useCaseFiles.includes(next)) useCaseFiles.push(next);
  }
  if (found.length === 0) continue;
  if (PENDING.has(mod)) pending.set(mod, (pending.get(mod) ?? 0) + found.length);
  else violations.push(...found);
}

for (const mod of PENDING) {
  // (a module another branch is adding may be listed before it lands)
  if (!pending.has(mod) && fs.existsSync(path.join(modulesDir, mod)))
    violations.push(`${mod} is listed as pending but follows the rule: remove it from PENDING`);
}
if (pending.size) {
  console.log(
    `service shape: pending conversion (issue 17): ${[...pending].map(([m, n]) => `${m} (${n})`).join(', ')}`,
  );
}
if (violations.length) {
  console.error(`Service shape violations (docs/decisions/020-service-shape.md):\n  ${violations.join('\n  ')}`);
  process.exit(1);
}
