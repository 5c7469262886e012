import { parseAmzDate } from '../model/amz-date';
import { StorageError } from '../model/errors';
import { plainPayload, type SignatureClaim } from './signature-claim';
import { signV2 } from './sigv2-signing';
import { SIGV4_ALGORITHM, signingKeyV4, signV4 } from './sigv4-signing';

/**
 * The signature of a browser POST form: the base64 policy document is the string to sign, with SigV2
 * (`AWSAccessKeyId`, `signature`) or SigV4 (`x-amz-algorithm`, `x-amz-credential`, `x-amz-date`,
 * `x-amz-signature`). Undefined without credentials: an anonymous upload. `field` reads a form field (lower-cased name).
 */
export function parsePostPolicyClaim(field: (name: string) => string | undefined): SignatureClaim | undefined {
  const policy = field('policy');
  const v2Key = field('awsaccesskeyid');
  const v4Credential = field('x-amz-credential');
  if (v2Key === undefined && v4Credential === undefined) {
    if (policy !== undefined) throw missingField('AWSAccessKeyId');
    return undefined;
  }
  if (policy === undefined) throw missingField('Policy');
  const claim = { stringToSign: policy, payload: plainPayload };
  if (v4Credential === undefined) {
    const signature = field('signature') ?? missingField('Signature');
    return { ...claim, mechanism: 'post-policy-v2', accessKey: v2Key!, signature, sign: (secret) => signV2(secret, policy) };
  }
  if (field('x-amz-algorithm') !== SIGV4_ALGORITHM) {
    throw new StorageError('InvalidArgument', 'Only AWS4-HMAC-SHA256 is supported', { ArgumentName: 'x-amz-algorithm' });
  }
  const [accessKey, date, region, service, terminator] = v4Credential.split('/');
  if (!accessKey || !date || !region || !service || terminator !== 'aws4_request' || !parseAmzDate(field('x-amz-date'))) {
    throw new StorageError('InvalidArgument', 'Invalid x-amz-credential or x-amz-date', { ArgumentName: 'x-amz-credential' });
  }
  const signature = field('x-amz-signature') ?? missingField('X-Amz-Signature');
  const sign = (secret: string) => signV4(signingKeyV4(secret, { date, region, service }), policy);
  return { ...claim, mechanism: 'post-policy-v4', accessKey, signature, sign };
}

const missingField = (name: string): never => {
  throw new StorageError('InvalidArgument', `Bucket POST must contain a field named '${name}'.`, { ArgumentName: name });
};
