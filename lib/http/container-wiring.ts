import { serviceConfig } from '../config/config-wiring';
import { metrics } from '../metrics/metrics-wiring';
import type { Container } from './container';

/** This container's accessors, for handlers to pass in. A wiring module: nothing else under lib/ imports it. */
export const container: Container = { config: serviceConfig, metrics };
