import { defineConfig } from 'vitest/config';

const shared = {
  testTimeout: 60_000,
  hookTimeout: 180_000,
  pool: 'forks' as const,
  // In-process handlers log nothing and emit no metrics during tests; the functions under serverless offline keep
  // their stage's settings (their EMF lines are tested).
  env: { LOG_LEVEL: 'SILENT', POWERTOOLS_METRICS_DISABLED: 'true' },
};

/**
 * Two projects: `unit` runs pure code and in-memory fakes without any emulator (`vitest run --project unit`, or
 * `vitest run test/unit`); every other test shares one local stack (DynamoDB Local, s3rver, serverless offline)
 * started by global-setup.
 */
export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      { test: { ...shared, name: 'unit', include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'] } },
      {
        test: {
          ...shared,
          name: 'stack',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/unit/**', '**/node_modules/**'],
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
    ],
  },
});
