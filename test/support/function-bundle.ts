import { createRequire } from 'node:module';
import { build, type Plugin } from 'esbuild';

/**
 * A function's bundle after tree-shaking, built as serverless-esbuild builds it, except that the AWS SDK is left
 * external here (the packaged bundles include it) so that which SDK packages load at init and which on first use shows.
 */
export interface FunctionBundle {
  /** SDK packages imported at module init. */
  static: Set<string>;
  /** SDK packages imported only when called (`await import(...)`). */
  dynamic: Set<string>;
  /** The source files the bundle kept. */
  files: string[];
}

export async function functionBundle(entry: string): Promise<FunctionBundle> {
  const { metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    write: false,
    outdir: 'unused',
    metafile: true,
    platform: 'node',
    format: 'esm',
    external: ['@aws-sdk/*'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    logLevel: 'silent',
  });
  const [output] = Object.values(metafile.outputs);
  if (!output) throw new Error(`no output for ${entry}`);
  const bundle: FunctionBundle = { static: new Set(), dynamic: new Set(), files: Object.keys(output.inputs) };
  for (const imported of output.imports) {
    if (imported.path.startsWith('@aws-sdk/'))
      (imported.kind === 'dynamic-import' ? bundle.dynamic : bundle.static).add(imported.path);
  }
  return bundle;
}

/** What a packaged function reads at cold start, and what it leaves in chunks for first use. */
export interface PackagedFunction {
  /** The source files (node_modules included) of the entry file and of the chunks it imports statically. */
  atInit: Set<string>;
  /** The source files found only in chunks it loads by `await import(...)`. */
  onFirstUse: Set<string>;
  /** Its chunk files' paths, relative to the entry's folder (a single entry's build only). */
  chunks: string[];
}

const plugins = createRequire(import.meta.url)('../../plugins/esbuild-plugins.cjs') as Plugin[];

/**
 * Functions built as `serverless package` builds them (serverless.yml's custom.esbuild: SDK bundled, ES modules first,
 * code splitting). Several entries are built at once, which is quicker: a source file is in a chunk an entry imports
 * statically exactly when the entry reaches it by static imports, however the chunks are cut. One entry alone is built
 * with the plugin that names its chunks, as serverless-esbuild builds it.
 */
export async function packagedFunctions(entries: string[]): Promise<Map<string, PackagedFunction>> {
  const { metafile } = await build({
    entryPoints: entries,
    bundle: true,
    minify: true,
    write: false,
    outdir: 'out',
    metafile: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    mainFields: ['module', 'main'],
    splitting: true,
    plugins: entries.length === 1 ? plugins : [],
    outExtension: { '.js': '.mjs' },
    jsx: 'automatic',
    jsxImportSource: 'preact',
    logLevel: 'silent',
  });
  const outputs = metafile.outputs;
  const inputsOf = (paths: Iterable<string>) => new Set([...paths].flatMap((path) => Object.keys(outputs[path]?.inputs ?? {})));
  /** The output files an output loads with it: itself and its static imports, transitively. */
  const staticClosure = (from: string, kind: 'import-statement' | 'dynamic-import' = 'import-statement') => {
    const reached = new Set<string>();
    const pending = [from];
    for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
      const output = outputs[path];
      if (reached.has(path) || !output) continue;
      reached.add(path);
      for (const imported of output.imports) {
        if (imported.kind === 'import-statement' || imported.kind === kind) pending.push(imported.path);
      }
    }
    return reached;
  };
  const result = new Map<string, PackagedFunction>();
  for (const entry of entries) {
    const main = Object.keys(outputs).find((path) => outputs[path]?.entryPoint === entry);
    if (!main) throw new Error(`no output for ${entry}`);
    const loaded = staticClosure(main);
    const atInit = inputsOf(loaded);
    const everything = staticClosure(main, 'dynamic-import');
    result.set(entry, {
      atInit,
      onFirstUse: new Set([...inputsOf(everything)].filter((file) => !atInit.has(file))),
      chunks: [...everything].filter((path) => path !== main).map((path) => path.slice(main.lastIndexOf('/') + 1)),
    });
  }
  return result;
}
