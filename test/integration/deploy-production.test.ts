import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMonitoring } from '../support/monitoring-checks';
import { expectResourceHeadroom, RESOURCE_BUDGET } from '../support/stack-headroom';

const run = promisify(execFile);
let outDir: string;
let templatePath: string;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'gwstore-package-production-'));
  // Its own esbuild work folder: serverless offline and the sandbox packaging test use theirs.
  await run('npx', ['--no-install', 'serverless', 'package', '--stage', 'production', '--package', outDir], {
    env: { ...process.env, ESBUILD_WORK_FOLDER: '.esbuild-package-production', SLS_TELEMETRY_DISABLED: '1' },
    maxBuffer: 16 * 1024 * 1024,
  });
  templatePath = join(outDir, 'cloudformation-template-update-stack.json');
}, 240_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('serverless package --stage production (no AWS account)', () => {
  it('yields a template with no cfn-lint errors', async () => {
    // cfn-lint's exit code is a bit field: 1 = it failed, 2 = errors, 4 = warnings, 8 = informational.
    const result = await run('cfn-lint', ['--format', 'parseable', templatePath]).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    expect(result.code & 2, result.stdout).toBe(0);
    expect(result.code & 1, 'cfn-lint itself failed').toBe(0);
  });

  it(`keeps headroom under CloudFormation's 500 resources a stack (${RESOURCE_BUDGET} at most)`, () => {
    expectResourceHeadroom(JSON.parse(readFileSync(templatePath, 'utf8')));
  });

  it('is monitored as the sandbox is, in its own namespace, with its own thresholds', () => {
    const template = JSON.parse(readFileSync(templatePath, 'utf8'));
    expectMonitoring(template, 'production');
    expect(template.Resources.AlarmTopic.Properties.TopicName).toBe('gwstore-production-alarms');
  });

  it('sets none of the local stack conveniences on any function (LOCAL_STACK and the flags it unlocks)', () => {
    const template = JSON.parse(readFileSync(templatePath, 'utf8'));
    const localOnly = [
      'LOCAL_STACK',
      'WEBHOOK_ALLOW_PRIVATE',
      'STORAGE_SSE_C_ALLOW_HTTP',
      'PIX_LOCATION_KEY_LOCAL',
      'ACQUIRER_ALLOW_HTTP',
      'ACQUIRER_SECRETS_DIR',
      'PIX_PSP_SECRETS_DIR',
    ];
    const functions = Object.values(template.Resources as Record<string, { Type: string; Properties: any }>).filter(
      (resource) => resource.Type === 'AWS::Lambda::Function',
    );
    expect(functions.length).toBeGreaterThan(10);
    for (const fn of functions) {
      const variables = Object.keys(fn.Properties.Environment?.Variables ?? {});
      expect(variables.filter((name) => localOnly.includes(name))).toEqual([]);
      expect(variables).toContain('ACQUIRER_SECRET_PREFIX');
    }
  });
});
