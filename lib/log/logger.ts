import { Logger } from '@aws-lambda-powertools/logger';
import { logLevel } from '../config';
import { redactingReplacer } from './redaction';

/**
 * Powertools Logger rather than pino: it adds the Lambda context (request id, cold start, function
 * name) and the X-Ray trace id with no wiring, emits the CloudWatch-friendly JSON shape, and its
 * `jsonReplacerFn` lets one replacer redact sensitive keys at any depth, which pino's path-based
 * `redact` cannot do for keys we do not know in advance.
 */
export function createLogger(options: { level?: string; serviceName?: string } = {}): Logger {
  return new Logger({
    serviceName: options.serviceName ?? 'gwstore',
    logLevel: (options.level ?? 'INFO') as 'INFO',
    jsonReplacerFn: redactingReplacer,
  });
}

let cached: Logger | undefined;

/** The container's logger, configured once from the service configuration. */
export function logger(): Logger {
  cached ??= createLogger({ level: logLevel() });
  return cached;
}
