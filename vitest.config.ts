import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // One local stack (DynamoDB Local, s3rver, serverless offline) for every integration test file.
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    reporters: ['default'],
    // In-process handlers log nothing during tests; the functions under serverless offline keep their stage's level.
    env: { LOG_LEVEL: 'SILENT' },
  },
});
