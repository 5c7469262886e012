import { inject } from 'vitest';
import { createStageContext, type StageContext } from '../../scripts/shared/stage-context';

/** The local stack started by global-setup: its URL, the env that reaches it, and repositories over it. */
export function testStack(): {
  baseUrl: string;
  env: Record<string, string>;
  logFile: string;
  lambdaEndpoint: string;
  stage: StageContext;
} {
  const stack = inject('stack');
  return { ...stack, stage: createStageContext(stack.env) };
}
