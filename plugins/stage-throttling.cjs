'use strict';

/**
 * API Gateway stage throttling (issue 13) from `custom.stageThrottling` ({ rateLimit, burstLimit }, set per stage
 * through params). osls creates the stage through the REST API's Deployment, whose logical id changes with every
 * package, so neither `resources` nor `extensions` can reach it: this sets the Deployment's StageDescription, the
 * stage-wide default that every method inherits (requests beyond it get API Gateway's 429), once the template is
 * compiled.
 */
class StageThrottling {
  constructor(serverless) {
    this.serverless = serverless;
    this.hooks = { 'before:package:finalize': () => this.apply() };
  }

  apply() {
    const settings = this.serverless.service.custom?.stageThrottling;
    if (!settings) return;
    const rateLimit = Number(settings.rateLimit);
    const burstLimit = Number(settings.burstLimit);
    if (!(rateLimit > 0) || !Number.isInteger(burstLimit) || burstLimit <= 0) {
      throw new this.serverless.classes.Error('custom.stageThrottling needs a positive rateLimit and an integer burstLimit');
    }
    const resources = this.serverless.service.provider.compiledCloudFormationTemplate.Resources;
    const deployments = Object.values(resources).filter((resource) => resource.Type === 'AWS::ApiGateway::Deployment');
    for (const deployment of deployments) {
      deployment.Properties.StageDescription = {
        ...deployment.Properties.StageDescription,
        ThrottlingRateLimit: rateLimit,
        ThrottlingBurstLimit: burstLimit,
      };
    }
  }
}

module.exports = StageThrottling;
