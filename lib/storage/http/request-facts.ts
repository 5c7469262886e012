import { requestFacts } from '../model/condition-keys';
import type { Principal } from '../model/principal';
import type { S3Request } from '../requests/s3-request';

/**
 * What a bucket policy's conditions read of the request travels with the principal, for the evaluator; so does a
 * fresh note of what the decision relied on, for the access log. The console builds its principals here too, from the
 * API call each of its actions stands for.
 */
export function withRequestFacts<P extends Principal>(
  principal: P,
  request: Pick<S3Request, 'sourceIp' | 'headers' | 'query'>,
  now: Date,
): P {
  const { sourceIp, headers, query } = request;
  return {
    ...principal,
    facts: requestFacts({ ...(sourceIp === undefined ? {} : { sourceIp }), headers, query, now }),
    access: {},
  };
}
