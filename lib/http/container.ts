import type { ServiceConfig } from '../config';
import type { MetricsSink } from '../metrics';

/**
 * The container's configuration and metrics sink, as accessors read on use. Handlers pass them in
 * (lib/http/container-wiring.ts); lib never reaches for them itself (.dependency-cruiser.cjs, lib-not-wiring).
 */
export interface Container {
  config: () => ServiceConfig;
  metrics: () => MetricsSink;
}
