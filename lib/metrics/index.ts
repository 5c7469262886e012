import { metricsNamespace } from '../config';
import { type MetricsSink, powertoolsMetricsSink } from './metrics-sink';

export * from './metric-catalogue';
export * from './metrics-sink';

let cached: MetricsSink | undefined;

/** The container's metrics sink, built once, on first use. */
export function metrics(): MetricsSink {
  cached ??= powertoolsMetricsSink({ namespace: metricsNamespace(), serviceName: 'gwstore' });
  return cached;
}
