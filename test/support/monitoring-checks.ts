import { expect } from 'vitest';
import { METRICS } from '../../lib/metrics';

type Resource = { Type: string; Properties: Record<string, any>; Condition?: string };
type Template = { Resources: Record<string, Resource>; Conditions?: Record<string, unknown> };

const SCHEDULED = ['DeliverWebhooksLambdaFunction', 'SweepOrphanBlobsLambdaFunction'];
/** Errors in 5 minutes that alarm for a function that is not scheduled (custom.monitoring.functionErrors, both stages). */
const FUNCTION_ERRORS = 5;

/** Every metric an alarm watches: its namespace, name and dimension names (plain alarms and metric-math ones). */
function watchedMetrics(alarm: Resource): { namespace: string; name: string; dimensions: string[] }[] {
  const plain = alarm.Properties.MetricName
    ? [
        {
          Namespace: alarm.Properties.Namespace,
          MetricName: alarm.Properties.MetricName,
          Dimensions: alarm.Properties.Dimensions,
        },
      ]
    : [];
  const math = (alarm.Properties.Metrics ?? []).flatMap((metric: any) => (metric.MetricStat ? [metric.MetricStat.Metric] : []));
  return [...plain, ...math].map((metric) => ({
    namespace: metric.Namespace,
    name: metric.MetricName,
    dimensions: (metric.Dimensions ?? []).map((dimension: { Name: string }) => dimension.Name).sort(),
  }));
}

/**
 * What issue 24 asks of a packaged stage: every alarm notifies the stage's topic; every function has one alarm on its
 * errors or throttles (scheduled ones a not-running alarm too); the API, both tables and the webhook backlog are watched;
 * alarms on the functions' own metrics name metrics the code emits (lib/metrics), with the dimensions it emits;
 * tracing is on; the dashboard exists.
 */
export function expectMonitoring(template: Template, stage: string): void {
  const resources = Object.entries(template.Resources);
  const alarms = resources.filter(([, resource]) => resource.Type === 'AWS::CloudWatch::Alarm');
  expect(template.Resources.AlarmTopic?.Type).toBe('AWS::SNS::Topic');
  expect(template.Resources.AlarmEmailSubscription?.Condition).toBe('HasAlertEmail');
  for (const [id, alarm] of alarms) {
    expect(alarm.Properties.AlarmActions, id).toEqual([{ Ref: 'AlarmTopic' }]);
    expect(watchedMetrics(alarm).length, id).toBeGreaterThan(0);
  }

  const functions = resources.filter(([, resource]) => resource.Type === 'AWS::Lambda::Function').map(([id]) => id);
  expect(functions.length).toBeGreaterThan(30);
  // The functions an EventBridge schedule invokes: any error of theirs alarms, and they must run at all.
  const scheduled = new Set(
    resources
      .filter(([, resource]) => resource.Type === 'AWS::Events::Rule' && resource.Properties.ScheduleExpression)
      .flatMap(([, rule]) => rule.Properties.Targets.map((target: any) => target.Arn['Fn::GetAtt'][0] as string)),
  );
  for (const id of SCHEDULED) expect(scheduled.has(id), `${id} is scheduled`).toBe(true);
  for (const id of functions) {
    // One metric-math alarm per function on errors or throttles (a plain alarm for each took ~100 of the 500 resources).
    const errorsAt = scheduled.has(id) ? 1 : FUNCTION_ERRORS;
    const lambdaSum = (metricId: string, name: string) => ({
      Id: metricId,
      ReturnData: false,
      MetricStat: {
        Metric: { Namespace: 'AWS/Lambda', MetricName: name, Dimensions: [{ Name: 'FunctionName', Value: { Ref: id } }] },
        Period: 300,
        Stat: 'Sum',
      },
    });
    const alarm = template.Resources[`${id}ErrorsOrThrottlesAlarm`];
    expect(alarm?.Properties, `${id}ErrorsOrThrottlesAlarm`).toMatchObject({
      AlarmName: expect.stringMatching(new RegExp(`^gwstore-${stage}-.+-errors-or-throttles$`)),
      AlarmDescription: expect.stringContaining('(runbook, FunctionErrorsOrThrottlesAlarm)'),
      Metrics: [
        { Id: 'breach', Expression: `IF(errors >= ${errorsAt} OR throttles >= 1, 1, 0)` },
        lambdaSum('errors', 'Errors'),
        lambdaSum('throttles', 'Throttles'),
      ],
      EvaluationPeriods: 1,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
    expect(alarm!.Properties.Metrics[0].ReturnData ?? true, 'the expression is what the alarm watches').toBe(true);
    expect(template.Resources[id]!.Properties.TracingConfig).toEqual({ Mode: 'Active' });
  }
  // No per-function Errors or Throttles alarm is left beside them, and no other alarm on a function's own metrics.
  expect(alarms.map(([id]) => id).filter((id) => /LambdaFunction(Errors|Throttles)Alarm$/.test(id))).toEqual([]);
  const lambdaAlarms = alarms.filter(([, alarm]) => watchedMetrics(alarm).some((metric) => metric.namespace === 'AWS/Lambda'));
  expect(lambdaAlarms.length).toBe(functions.length + scheduled.size);
  for (const id of scheduled) {
    expect(template.Resources[`${id}NotRunningAlarm`]?.Properties).toMatchObject({
      MetricName: 'Invocations',
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'breaching',
    });
  }

  const apiName = template.Resources.ApiGatewayRestApi!.Properties.Name;
  for (const id of ['Api5xxRateAlarm', 'ApiLatencyP99Alarm']) {
    const watched = watchedMetrics(template.Resources[id]!);
    expect(
      watched.every((metric) => metric.namespace === 'AWS/ApiGateway'),
      id,
    ).toBe(true);
    expect(JSON.stringify(template.Resources[id]!.Properties)).toContain(`"Value":"${apiName}"`);
  }
  for (const table of ['GatewayTable', 'StorageTable']) {
    expect(
      watchedMetrics(template.Resources[`${table}ThrottlesAlarm`]!)
        .map((metric) => metric.name)
        .sort(),
    ).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
    expect(new Set(watchedMetrics(template.Resources[`${table}SystemErrorsAlarm`]!).map((metric) => metric.name))).toEqual(
      new Set(['SystemErrors']),
    );
  }

  // No alarm on a metric nobody emits: our namespace's alarms watch catalogue metrics, with the dimensions emitted
  // (Powertools adds `service` to every one).
  const namespace = `gwstore/${stage}`;
  const catalogue = new Map<string, string[]>(
    Object.values(METRICS).map((metric) => [metric.name, ['service', ...metric.dimensions].sort()]),
  );
  const ours = alarms.flatMap(([, alarm]) => watchedMetrics(alarm)).filter((metric) => metric.namespace === namespace);
  expect(new Set(ours.map((metric) => metric.name))).toEqual(new Set(['WebhookOldestPendingAge', 'WebhookDeliveries']));
  for (const metric of ours) expect(metric.dimensions, metric.name).toEqual(catalogue.get(metric.name));

  const deployment = resources.find(([, resource]) => resource.Type === 'AWS::ApiGateway::Deployment')![1];
  expect(deployment.Properties.StageDescription.TracingEnabled).toBe(true);
  const dashboard = template.Resources.Dashboard!;
  expect(dashboard.Type).toBe('AWS::CloudWatch::Dashboard');
  expect(JSON.stringify(dashboard.Properties.DashboardBody)).toContain(namespace);
}
