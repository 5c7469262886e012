import { metricsNamespace } from '../config';
import { type MetricsSink, powertoolsMetricsSink } from './metrics-sink';

let cached: MetricsSink | undefined;

/**
 * The container's metrics sink, built once, on first use. A wiring module: handlers and other wiring modules pass the
 * sink (or this accessor) in; nothing else under lib/ imports it (lib-not-wiring).
 */
export function metrics(): MetricsSink {
  cached ??= powertoolsMetricsSink({ namespace: metricsNamespace(), serviceName: 'gwstore' });
  return cached;
}
