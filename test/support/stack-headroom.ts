import { expect } from 'vitest';

/** CloudFormation refuses a stack of more than 500 resources (cfn-lint E3010 says so at lint time). */
const CLOUDFORMATION_RESOURCE_LIMIT = 500;
/** What a stage may use: 90% of the limit, where cfn-lint's I3010 starts warning that the limit is near. */
export const RESOURCE_BUDGET = 450;

/**
 * A packaged stage keeps room under CloudFormation's resource limit, so that adding a function (about 6 resources:
 * function, log group, role, permission, method, alarm) does not break a deploy unnoticed.
 */
export function expectResourceHeadroom(template: { Resources: Record<string, unknown> }): void {
  const count = Object.keys(template.Resources).length;
  expect(
    count,
    `${count} resources: CloudFormation's limit is ${CLOUDFORMATION_RESOURCE_LIMIT} a stack; stay at ${RESOURCE_BUDGET} or below ` +
      '(fold repeated resources, as plugins/monitoring.cjs does for the alarms, or split the stack)',
  ).toBeLessThanOrEqual(RESOURCE_BUDGET);
}
