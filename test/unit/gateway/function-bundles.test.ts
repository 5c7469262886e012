import { readdirSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** What a function's bundle keeps after tree-shaking (as serverless-esbuild builds it): SDK imports and source files. */
async function bundleOf(entry: string): Promise<{ sdk: Set<string>; lazySdk: Set<string>; files: string[] }> {
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
  const sdk = new Set<string>();
  const lazySdk = new Set<string>();
  for (const imported of output.imports) {
    if (imported.path.startsWith('@aws-sdk/')) (imported.kind === 'dynamic-import' ? lazySdk : sdk).add(imported.path);
  }
  return { sdk, lazySdk, files: Object.keys(output.inputs) };
}

const functionsOf = (surface: string) =>
  readdirSync(`functions/${surface}`)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `functions/${surface}/${name}`);

const TABLE_FUNCTIONS = [...functionsOf('gateway'), ...functionsOf('admin'), ...functionsOf('pages')].filter(
  (entry) => !/\/(docs|openapi|route-fallback)\.ts$/.test(entry),
);

describe('each gateway, admin and pages function loads only what it uses', () => {
  it.each(TABLE_FUNCTIONS)('%s: DynamoDB at module init, never S3, KMS and Secrets Manager only on first use', async (entry) => {
    const bundle = await bundleOf(entry);
    expect(bundle.sdk).toContain('@aws-sdk/lib-dynamodb');
    for (const absent of ['@aws-sdk/client-s3', '@aws-sdk/client-kms', '@aws-sdk/client-secrets-manager']) {
      expect(bundle.sdk).not.toContain(absent);
    }
    expect(bundle.lazySdk).not.toContain('@aws-sdk/client-s3');
  });

  it('only createTransaction compiles the create schema; capture and refund compile the token schema alone', async () => {
    const creates = await bundleOf('functions/gateway/create-transaction.ts');
    expect(creates.files.some((file) => file.endsWith('validation/create-request-validator.ts'))).toBe(true);
    for (const entry of ['functions/gateway/capture-transaction.ts', 'functions/gateway/refund-transaction.ts']) {
      const { files } = await bundleOf(entry);
      expect(files.some((file) => file.endsWith('validation/token-only-validator.ts'))).toBe(true);
      expect(files.some((file) => file.endsWith('validation/create-request-validator.ts'))).toBe(false);
    }
    const { files } = await bundleOf('functions/gateway/get-transaction.ts');
    expect(files.some((file) => file.includes('node_modules/ajv/'))).toBe(false);
  });
});
