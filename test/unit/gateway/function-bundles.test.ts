import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { functionBundle as bundleOf, packagedFunctions } from '../../support/function-bundle';

const functionsOf = (surface: string) =>
  readdirSync(`functions/${surface}`)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `functions/${surface}/${name}`);

const TABLE_FUNCTIONS = [...functionsOf('gateway'), ...functionsOf('admin'), ...functionsOf('pages')].filter(
  (entry) => !/\/(docs|openapi|route-fallback|pix-page-script)\.ts$/.test(entry),
);

describe('each gateway, admin and pages function loads only what it uses', () => {
  it.each(TABLE_FUNCTIONS)('%s: DynamoDB at module init, never S3, KMS and Secrets Manager only on first use', async (entry) => {
    const bundle = await bundleOf(entry);
    expect(bundle.static).toContain('@aws-sdk/lib-dynamodb');
    for (const absent of ['@aws-sdk/client-s3', '@aws-sdk/client-kms', '@aws-sdk/client-secrets-manager']) {
      expect(bundle.static).not.toContain(absent);
    }
    // The admin function that serves the boleto files page reads a remessa from the blob bucket, on first use only.
    if (entry !== 'functions/admin/settle-transaction.ts') expect(bundle.dynamic).not.toContain('@aws-sdk/client-s3');
  });

  it('the Pix page’s script file loads no AWS SDK at all (no table, no secret)', async () => {
    const bundle = await bundleOf('functions/pages/pix-page-script.ts');
    expect([...bundle.static, ...bundle.dynamic].filter((name) => name.startsWith('@aws-sdk/'))).toEqual([]);
  });

  it("only createTransaction loads the create validator; capture and refund the settlement one alone; none loads ajv's compiler", async () => {
    const creates = await bundleOf('functions/gateway/create-transaction.ts');
    expect(creates.files.some((file) => file.endsWith('validation/create-request-validator.ts'))).toBe(true);
    for (const entry of ['functions/gateway/capture-transaction.ts', 'functions/gateway/refund-transaction.ts']) {
      const { files } = await bundleOf(entry);
      expect(files.some((file) => file.endsWith('validation/settlement-request-validator.ts'))).toBe(true);
      expect(files.some((file) => file.endsWith('validation/create-request-validator.ts'))).toBe(false);
    }
    const { files } = await bundleOf('functions/gateway/get-transaction.ts');
    expect(files.some((file) => file.includes('node_modules/ajv/'))).toBe(false);
    // Validators are compiled ahead of time (npm run build:validators): of ajv only its runtime helpers and the code
    // builder ajv-keywords' transform module imports are bundled, never the schema compiler.
    const ajvFiles = creates.files.filter((file) => file.includes('node_modules/ajv/'));
    expect(ajvFiles.filter((file) => !/\/dist\/(runtime|compile\/codegen)\//.test(file))).toEqual([]);
  });

  // As packaged (SDK bundled, code splitting): what a function imports on first use sits in chunk files it does not
  // read at cold start.
  const matching = (files: Set<string>, pattern: RegExp) => [...files].filter((file) => pattern.test(file));
  const FIRST_USE_ONLY = /node_modules\/(@aws-sdk\/(client-kms|client-secrets-manager|nested-clients)|bwip-js)\//;

  it('packaged: none reads KMS, Secrets Manager, the SSO/STS credential clients or bwip-js at init, nor the SDK as CommonJS', async () => {
    const packaged = await packagedFunctions(TABLE_FUNCTIONS);
    for (const entry of TABLE_FUNCTIONS) {
      const { atInit } = packaged.get(entry)!;
      expect({ entry, files: matching(atInit, FIRST_USE_ONLY) }).toEqual({ entry, files: [] });
      // The SDK's ES modules, tree-shaken, not its CommonJS builds kept whole.
      expect({ entry, files: matching(atInit, /node_modules\/@aws-sdk\/[^/]+\/dist-cjs\//) }).toEqual({ entry, files: [] });
    }
    // The pages that draw a code load bwip-js on their first such request.
    for (const entry of ['functions/pages/pix-page.ts', 'functions/pages/boleto-slip.ts']) {
      expect(matching(packaged.get(entry)!.onFirstUse, /node_modules\/bwip-js\//)).not.toEqual([]);
    }
  });

  it("packaged alone, as serverless-esbuild builds it, the Pix page's chunks sit in its own folder (and so in its zip only)", async () => {
    const entry = 'functions/pages/pix-page.ts';
    const { chunks } = (await packagedFunctions([entry])).get(entry)!;
    expect(chunks.length).toBeGreaterThan(0);
    // serverless-esbuild zips `<entry>.*` into this function's artifact only (plugins/esbuild-plugins.cjs).
    expect(chunks.filter((chunk) => !chunk.startsWith('pix-page.chunks/'))).toEqual([]);
  });
});
