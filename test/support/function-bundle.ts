import { build } from 'esbuild';

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
