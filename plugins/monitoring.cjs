'use strict';

/**
 * The alarms that repeat for every function or table operation (issue 24), added to the compiled template so that a
 * new function is watched without anyone remembering to: per function, errors or throttles (one metric-math alarm;
 * an alarm for each took ~100 of the 500 resources CloudFormation allows a stack); per scheduled function,
 * "did not run successfully" (no invocation, or an error, in its window); per table, system errors summed over the
 * operations the code uses. Every alarm notifies the stage's AlarmTopic (resources/monitoring.yml). docs/runbook.md
 * explains each.
 */
const TABLE_OPERATIONS = ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'BatchGetItem', 'TransactWriteItems'];

class Monitoring {
  constructor(serverless) {
    this.serverless = serverless;
    this.hooks = { 'before:package:finalize': () => this.apply() };
  }

  apply() {
    const service = this.serverless.service;
    const template = service.provider.compiledCloudFormationTemplate;
    const errorsThreshold = Number(service.custom?.monitoring?.functionErrors ?? 5);
    const topic = [{ Ref: 'AlarmTopic' }];
    const prefix = `${service.service}-${this.serverless.getProvider('aws').getStage()}`;
    const alarm = (properties) => ({
      Type: 'AWS::CloudWatch::Alarm',
      Properties: { TreatMissingData: 'notBreaching', AlarmActions: topic, OKActions: topic, ...properties },
    });

    for (const [name, definition] of Object.entries(service.functions ?? {})) {
      const logicalId = this.serverless.getProvider('aws').naming.getLambdaLogicalId(name);
      if (!template.Resources[logicalId]) continue;
      const scheduled = (definition.events ?? []).some((event) => event.schedule);
      const lambdaMetric = (metricName) => ({
        Namespace: 'AWS/Lambda',
        MetricName: metricName,
        Dimensions: [{ Name: 'FunctionName', Value: { Ref: logicalId } }],
      });
      const fiveMinuteSum = (id, metricName) => ({
        Id: id,
        ReturnData: false,
        MetricStat: { Metric: lambdaMetric(metricName), Period: 300, Stat: 'Sum' },
      });
      // Either condition alone breaches: where one metric has no datapoint (throttles but no invocation ran, so no
      // Errors), CloudWatch's comparison and logical operators take it as 0. No datapoint at all is missing data.
      const errorsAt = scheduled ? 1 : errorsThreshold;
      template.Resources[`${logicalId}ErrorsOrThrottlesAlarm`] = alarm({
        AlarmName: `${prefix}-${name}-errors-or-throttles`,
        AlarmDescription:
          `${name}: ${scheduled ? 'an invocation failed' : `${errorsThreshold} or more errors in 5 minutes`}, or invocations ` +
          'were throttled; its errors and throttles metrics say which (runbook, FunctionErrorsOrThrottlesAlarm).',
        Metrics: [
          {
            Id: 'breach',
            Expression: `IF(errors >= ${errorsAt} OR throttles >= 1, 1, 0)`,
            Label: `errors >= ${errorsAt} or throttles >= 1`,
          },
          fiveMinuteSum('errors', 'Errors'),
          fiveMinuteSum('throttles', 'Throttles'),
        ],
        EvaluationPeriods: 1,
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      });
      if (scheduled) {
        // A schedule that stopped (disabled rule, broken permission) makes no errors: watch that it runs at all.
        template.Resources[`${logicalId}NotRunningAlarm`] = alarm({
          AlarmName: `${prefix}-${name}-not-running`,
          AlarmDescription: `${name}: no invocation in its window (runbook, ScheduledFunctionNotRunningAlarm).`,
          ...lambdaMetric('Invocations'),
          Statistic: 'Sum',
          Period: 3600,
          EvaluationPeriods: 2,
          Threshold: 1,
          ComparisonOperator: 'LessThanThreshold',
          TreatMissingData: 'breaching',
        });
      }
    }

    // API Gateway tracing: osls applies provider.tracing.apiGateway after deploy (its update-stage step); setting it on
    // the Deployment's stage as well puts it in the template, where it is reviewed and tested.
    if (service.provider.tracing?.apiGateway) {
      for (const resource of Object.values(template.Resources)) {
        if (resource.Type !== 'AWS::ApiGateway::Deployment') continue;
        resource.Properties.StageDescription = { ...resource.Properties.StageDescription, TracingEnabled: true };
      }
    }

    // The tables come from `resources` (merged into the template only at package:finalize, after this hook).
    const declared = { ...(service.resources?.Resources ?? {}), ...template.Resources };
    const tables = Object.entries(declared).filter(([, resource]) => resource.Type === 'AWS::DynamoDB::Table');
    for (const [logicalId, table] of tables) {
      const metrics = TABLE_OPERATIONS.map((operation, index) => ({
        Id: `op${index}`,
        ReturnData: false,
        MetricStat: {
          Metric: {
            Namespace: 'AWS/DynamoDB',
            MetricName: 'SystemErrors',
            Dimensions: [
              { Name: 'TableName', Value: table.Properties.TableName },
              { Name: 'Operation', Value: operation },
            ],
          },
          Period: 60,
          Stat: 'Sum',
        },
      }));
      template.Resources[`${logicalId}SystemErrorsAlarm`] = alarm({
        AlarmName: `${prefix}-${logicalId}-system-errors`,
        AlarmDescription: `${table.Properties.TableName}: DynamoDB answered with system errors (runbook, TableSystemErrorsAlarm).`,
        Metrics: [
          { Id: 'errors', Expression: metrics.map((metric) => metric.Id).join(' + '), Label: 'system errors' },
          ...metrics,
        ],
        EvaluationPeriods: 3,
        DatapointsToAlarm: 2,
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
      });
    }
  }
}

module.exports = Monitoring;
