import { oneOf } from './env';
import { LOG_LEVELS } from './service-config';

export * from './env';
export * from './local-stack-config';
export * from './service-config';

/** The log level alone: logging must work even where the rest of the configuration is missing or broken. */
export function logLevel(): (typeof LOG_LEVELS)[number] {
  return oneOf(process.env, 'LOG_LEVEL', LOG_LEVELS, 'INFO');
}

/**
 * The CloudWatch namespace of this stage's metrics (serverless.yml sets it per stage). Read on its own, as the log
 * level is: metrics must be emitted even where the rest of the configuration is missing or broken.
 */
export function metricsNamespace(): string {
  return process.env.POWERTOOLS_METRICS_NAMESPACE ?? `gwstore/${process.env.STAGE ?? 'sandbox'}`;
}

/** The process environment, for scripts that hand it on to child processes. */
export function processEnv(): NodeJS.ProcessEnv {
  return process.env;
}

/**
 * Whether the code runs under serverless offline (which sets IS_OFFLINE), not in the Lambda runtime. Offline defines an
 * `awslambda` global too, but answers HTTP events buffered only.
 */
export function runsUnderServerlessOffline(): boolean {
  return process.env.IS_OFFLINE === 'true';
}
