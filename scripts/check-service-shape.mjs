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
 *  2. SQL lives in `*.queries.ts`: a service file imports nothing but types from `drizzle-orm`
 *     or `@db/schema`.
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

for (const mod of fs.readdirSync(modulesDir).sort()) {
  const dir = path.join(modulesDir, mod);
  if (!fs.statSync(dir).isDirectory()) continue;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.service.ts'))) {
    const rel = path.posix.join('server/modules', mod, file);
    const sf = ts.createSourceFile(rel, fs.readFileSync(path.join(dir, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const found = [];
    const where = (node) => `${rel}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    for (const st of sf.statements) {
      if (ts.isImportDeclaration(st)) {
        const from = st.moduleSpecifier.text;
        const typeOnly =
          st.importClause?.isTypeOnly ||
          (st.importClause &&
            !st.importClause.name &&
            st.importClause.namedBindings &&
            ts.isNamedImports(st.importClause.namedBindings) &&
            st.importClause.namedBindings.elements.every((e) => e.isTypeOnly));
        if ((from.startsWith('drizzle-orm') || from.startsWith('@db/schema')) && !typeOnly) {
          found.push(`${where(st)}: imports ${from} (SQL belongs in ${mod}.queries.ts)`);
        }
        continue;
      }
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
          if (params.length > 2)
            found.push(`${where(fn)}: ${name}(ctx, …) takes ${params.length} parameters: one input`);
        } else if (touchesWorld) {
          found.push(`${where(fn)}: ${name}(${params.map((p) => p.name).join(', ')}) is a use case: (ctx, input)`);
        }
      }
    }
    if (found.length === 0) continue;
    if (PENDING.has(mod)) pending.set(mod, (pending.get(mod) ?? 0) + found.length);
    else violations.push(...found);
  }
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
