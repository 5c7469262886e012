import { loadServiceConfig, type ServiceConfig } from './service-config';

let cached: ServiceConfig | undefined;

/**
 * The service configuration of this container, read from process.env once, on first use. A wiring module: handlers and
 * other wiring modules read it and pass it (or this accessor) in; nothing else under lib/ imports it (lib-not-wiring).
 */
export function serviceConfig(): ServiceConfig {
  cached ??= loadServiceConfig(process.env);
  return cached;
}
