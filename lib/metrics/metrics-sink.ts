import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { type DimensionName, METRICS, type MetricKey } from './metric-catalogue';

export type MetricValues = Partial<Record<MetricKey, number>>;
export type MetricDimensions = Partial<Record<DimensionName, string>>;

/** Where metrics go: CloudWatch EMF lines on stdout in Lambda (and under serverless offline), nothing in unit tests. */
export interface MetricsSink {
  /** Publishes these values together under one set of dimensions, at once. */
  emit(dimensions: MetricDimensions, values: MetricValues): void;
}

/**
 * Powertools Metrics writes one EMF document per call: CloudWatch extracts the metrics from the log line, with no API
 * call and nothing to flush at the end of an invocation. Adding and publishing happen in one synchronous step, so
 * concurrent requests of one process (serverless offline runs them in-process) never mix their dimensions.
 * `POWERTOOLS_METRICS_DISABLED=true` turns it off (the in-process unit tests).
 */
export function powertoolsMetricsSink(options: { namespace: string; serviceName: string }): MetricsSink {
  const metrics = new Metrics({ namespace: options.namespace, serviceName: options.serviceName });
  return {
    emit(dimensions, values) {
      const entries = Object.entries(values).filter(([, value]) => value !== undefined && Number.isFinite(value));
      if (entries.length === 0) return;
      const present = Object.fromEntries(Object.entries(dimensions).filter(([, value]) => value)) as Record<string, string>;
      if (Object.keys(present).length > 0) metrics.addDimensions(present);
      for (const [key, value] of entries) {
        const metric = METRICS[key as MetricKey];
        metric && metrics.addMetric(metric.name, MetricUnit[metric.unit], value as number);
      }
      metrics.publishStoredMetrics();
    },
  };
}

/** For code paths that run outside a function (scripts, benchmarks). */
export const NO_METRICS: MetricsSink = { emit: () => {} };
