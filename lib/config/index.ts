import { type ServiceConfig, loadServiceConfig } from './service-config';

export * from './env';
export * from './local-stack-config';
export * from './service-config';

let cached: ServiceConfig | undefined;

/** The service configuration of this container, read from process.env once, on first use. */
export function serviceConfig(): ServiceConfig {
  cached ??= loadServiceConfig(process.env);
  return cached;
}

/** The process environment, for scripts that hand it on to child processes. */
export function processEnv(): NodeJS.ProcessEnv {
  return process.env;
}
