/**
 * `npm run docs:test-map [-- --check]`: writes the module → test map of docs/testing.md (between its test-map markers)
 * from the imports of the test files. A test is listed under a module when it imports one of its files (type-only
 * imports do not count: they run no code). `--check` writes nothing and fails when the
 * page is not current; test/unit/docs/test-map.test.ts runs the same check.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '../..');
export const TESTING_PAGE = join(ROOT, 'docs/testing.md');
const START = '<!-- test-map:start (npm run docs:test-map writes this section) -->';
const END = '<!-- test-map:end -->';
const KINDS = ['unit', 'integration', 'e2e', 'fuzz'] as const;
/** The two surfaces are mapped folder by folder; the shared parts of lib/ as one module each. */
const BY_FOLDER = new Set(['lib/storage', 'lib/gateway']);

const repoPath = (file: string) => relative(ROOT, file).split('\\').join('/');

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : filesUnder(path, keep);
      return keep(path) ? [path] : [];
    });
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** The files a module imports for their code (not for types alone), resolved to paths; packages are left out. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !typeOnly(node.importClause)) specifiers.push(literal(node.moduleSpecifier));
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly)
      specifiers.push(literal(node.moduleSpecifier));
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0])
      specifiers.push(literal(node.arguments[0]));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers.filter((spec) => spec.startsWith('.')).flatMap((spec) => resolved(dirname(file), spec) ?? []);
}

const literal = (node: ts.Node) => (ts.isStringLiteral(node) ? node.text : '');

/** `import type …`, or named imports that are all `type`: TypeScript drops them, nothing runs. */
function typeOnly(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return !clause.name && named !== undefined && ts.isNamedImports(named) && named.elements.every((element) => element.isTypeOnly);
}

function resolved(from: string, spec: string): string | undefined {
  const base = resolve(from, spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, base.replace(/\.js$/, '.ts'), join(base, 'index.ts')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

/**
 * The lib files a test imports itself. Helpers under test/ are not followed: the in-memory fakes import key helpers of
 * the modules they stand in for, which would list every test that uses them under modules it never calls.
 */
const libFilesOf = (test: string): string[] =>
  runtimeImports(test)
    .map(repoPath)
    .filter((path) => path.startsWith('lib/'));

/** `lib/storage/objects` for a file in that folder, `lib/storage` for the surface's root files, `lib/http` for shared code. */
function moduleOf(libFile: string): string {
  const parts = libFile.split('/');
  const top = parts.slice(0, 2).join('/');
  return BY_FOLDER.has(top) && parts.length > 3 ? parts.slice(0, 3).join('/') : top;
}

/** Every module of lib/, tested or not. */
function allModules(): string[] {
  const modules = new Set(filesUnder(join(ROOT, 'lib'), (file) => /\.tsx?$/.test(file)).map((file) => moduleOf(repoPath(file))));
  return [...modules].sort();
}

/** Module → kind → the tests (paths under test/<kind>/, without `.test.ts`). */
type Kind = (typeof KINDS)[number];

export function testMap(): Map<string, Record<Kind, string[]>> {
  const map = new Map(
    allModules().map((module): [string, Record<Kind, string[]>] => [module, { unit: [], integration: [], e2e: [], fuzz: [] }]),
  );
  for (const test of filesUnder(join(ROOT, 'test'), isTest)) {
    const [, kind, ...rest] = repoPath(test).split('/');
    if (!KINDS.includes(kind as Kind)) continue;
    const name = rest.join('/').replace(/\.test\.tsx?$/, '');
    for (const module of new Set([...libFilesOf(test)].map(moduleOf))) {
      map.get(module)?.[kind as Kind].push(name);
    }
  }
  return map;
}

/** The generated section: one row per module, the tests of each kind that import it. */
export function testMapSection(): string {
  const cell = (names: string[]) => (names.length === 0 ? '—' : names.map((name) => `\`${name}\``).join(', '));
  const rows = [...testMap()].map(
    ([module, tests]) =>
      `| \`${module}\` | ${cell(tests.unit)} | ${cell(tests.integration)} | ${cell(tests.e2e)} | ${cell(tests.fuzz)} |`,
  );
  return [
    START,
    '| module | unit (`test/unit/`) | integration (`test/integration/`) | e2e (`test/e2e/`) | fuzz (`test/fuzz/`) |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    END,
  ].join('\n');
}

/** The page with its section replaced by the current one (the page must carry both markers). */
export function pageWithCurrentMap(page: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/testing.md lacks the test-map markers (${START} … ${END})`);
  return `${page.slice(0, start)}${testMapSection()}${page.slice(end + END.length)}`;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const page = readFileSync(TESTING_PAGE, 'utf8');
  const current = pageWithCurrentMap(page);
  if (process.argv.includes('--check')) {
    if (current !== page) {
      console.error('docs/testing.md: the module → test map is stale (run npm run docs:test-map)');
      process.exit(1);
    }
  } else {
    writeFileSync(TESTING_PAGE, current);
    console.log(`docs/testing.md: ${testMap().size} modules mapped`);
  }
}
