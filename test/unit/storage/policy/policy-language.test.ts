import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StorageError } from '../../../../lib/storage/model/errors';
import type { BucketPolicy } from '../../../../lib/storage/policy/bucket-policy';
import { conditionHolds, evaluatePolicy, type PolicyRequest } from '../../../../lib/storage/policy/evaluate-policy';
import { parsePolicy } from '../../../../lib/storage/policy/parse-policy';
import { isPublicPolicy } from '../../../../lib/storage/policy/public-policy';
import { policyRefusal } from '../../../support/policy-refusal';

const BUCKET = 'photos';
const policy = (...statements: object[]) => parsePolicy(JSON.stringify({ Version: '2012-10-17', Statement: statements }), BUCKET);
const allow = (extra: object = {}) => ({
  Effect: 'Allow',
  Principal: '*',
  Action: 's3:GetObject',
  Resource: `arn:aws:s3:::${BUCKET}/*`,
  ...extra,
});

function request(overrides: Partial<PolicyRequest> & { keys?: Record<string, string[]> } = {}): PolicyRequest {
  const { keys = {}, ...rest } = overrides;
  return {
    principal: { kind: 'user', id: 'alice' },
    action: 's3:GetObject',
    resource: `arn:aws:s3:::${BUCKET}/public/cat.jpg`,
    conditionKey: (key) => keys[key],
    ...rest,
  };
}

const malformedMessage = (document: string) => policyRefusal(document, BUCKET);

describe('parsing a bucket policy (PUT ?policy)', () => {
  it('accepts the documents s3-tests and everyday recipes put', () => {
    const parsed = policy(
      allow({ Sid: 'PublicRead' }),
      { Effect: 'Deny', Principal: { AWS: ['arn:aws:iam::bob:root', 'carol'] }, NotAction: 's3:Get*', Resource: '*' },
      {
        Effect: 'Deny',
        Principal: '*',
        Action: 's3:PutObject',
        Resource: 'arn:aws:s3:::*/*',
        Condition: { Null: { 's3:x-amz-server-side-encryption': 'true' } },
      },
      {
        Effect: 'Allow',
        Principal: { AWS: '*' },
        Action: ['s3:ListBucket'],
        Resource: `arn:aws:s3:::${BUCKET}`,
        Condition: {
          StringLike: { 's3:prefix': ['public/*', 'shared/*'] },
          IpAddress: { 'aws:SourceIp': ['10.0.0.0/8', '2001:db8::/32'] },
        },
      },
    );
    expect(parsed.statements).toHaveLength(4);
    expect(parsed.statements[2]?.conditions[0]).toEqual({
      operator: 'Null',
      ifExists: false,
      key: 's3:x-amz-server-side-encryption',
      values: ['true'],
    });
    expect(parsed.statements[3]?.conditions.map((condition) => condition.values)).toEqual([
      ['public/*', 'shared/*'],
      ['10.0.0.0/8', '2001:db8::/32'],
    ]);
  });

  it('refuses what S3 refuses, saying what is wrong', () => {
    expect(malformedMessage('{"Version": "2012-10-17", "Statement": [')).toBe('This policy contains invalid Json');
    expect(malformedMessage('[]')).toBe('This policy contains invalid Json');
    expect(malformedMessage(JSON.stringify({ Version: '2012-10-17' }))).toBe('Missing required field Statement');
    expect(malformedMessage(JSON.stringify({ Version: '2020-01-01', Statement: [allow()] }))).toMatch(/version/);
    expect(malformedMessage(JSON.stringify({ Statement: [allow({ Action: 's3:FlyToTheMoon' })] }))).toBe(
      'Policy has invalid action',
    );
    expect(malformedMessage(JSON.stringify({ Statement: [allow({ Action: 'ec2:*' })] }))).toBe('Policy has invalid action');
    expect(malformedMessage(JSON.stringify({ Statement: [allow({ Resource: 'arn:aws:s3:::other-bucket/*' })] }))).toBe(
      'Policy has invalid resource',
    );
    expect(malformedMessage(JSON.stringify({ Statement: [allow({ Resource: 'arn:aws:sqs:::photos' })] }))).toBe(
      'Policy has invalid resource',
    );
    expect(malformedMessage(JSON.stringify({ Statement: [allow({ Principal: { Federated: 'x' } })] }))).toBe(
      'Invalid principal in policy',
    );
    expect(malformedMessage(JSON.stringify({ Statement: [allow({ Effect: 'Maybe' })] }))).toBe('Invalid effect: Maybe');
    expect(malformedMessage(JSON.stringify({ Statement: [{ Effect: 'Allow', Action: 's3:*', Resource: '*' }] }))).toBe(
      'Missing required field Principal',
    );
    expect(malformedMessage(JSON.stringify({ Statement: [allow({ Condition: { StringSortOf: { 's3:prefix': 'a' } } })] }))).toBe(
      'Invalid Condition type : StringSortOf',
    );
    expect(
      malformedMessage(JSON.stringify({ Statement: [allow({ Condition: { StringEquals: { 's3:colour': 'blue' } } })] })),
    ).toMatch(/invalid condition key/);
    expect(
      malformedMessage(JSON.stringify({ Statement: [allow({ Condition: { IpAddress: { 'aws:SourceIp': '10.0.0.0/33' } } })] })),
    ).toMatch(/Invalid value/);
    expect(
      malformedMessage(JSON.stringify({ Statement: [allow({ Condition: { NumericLessThan: { 's3:max-keys': 'ten' } } })] })),
    ).toMatch(/Invalid value/);
    expect(malformedMessage(JSON.stringify({ Statement: [allow({ Colour: 'blue' })] }))).toBe('Unknown field Colour');
    // RGW refuses NotPrincipal with Allow (s3-tests' test_bucket_policy_allow_notprincipal).
    expect(
      malformedMessage(JSON.stringify({ Statement: [{ ...allow(), Principal: undefined, NotPrincipal: { AWS: 'bob' } }] })),
    ).toMatch(/NotPrincipal/);
    const huge = JSON.stringify({ Statement: [allow({ Sid: 'x'.repeat(21 * 1024) })] });
    expect(malformedMessage(huge)).toBe('Policy exceeds the maximum allowed document size.');
  });

  it('never throws anything but MalformedPolicy, whatever JSON it is given', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        try {
          parsePolicy(JSON.stringify(value) ?? 'null', BUCKET);
        } catch (error) {
          return error instanceof StorageError && error.code === 'MalformedPolicy';
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });
});

describe('evaluating a bucket policy', () => {
  it('matches principals, actions (case-insensitive wildcards) and resources (case-sensitive wildcards)', () => {
    const parsed = policy(allow({ Principal: { AWS: ['arn:aws:iam::alice:root'] }, Action: 'S3:get*' }));
    expect(evaluatePolicy(parsed, request())).toBe('Allow');
    expect(evaluatePolicy(parsed, request({ principal: { kind: 'user', id: 'bob' } }))).toBe('NoOpinion');
    expect(evaluatePolicy(parsed, request({ principal: { kind: 'anonymous' } }))).toBe('NoOpinion');
    expect(evaluatePolicy(parsed, request({ action: 's3:PutObject' }))).toBe('NoOpinion');
    expect(evaluatePolicy(parsed, request({ resource: `arn:aws:s3:::${BUCKET}` }))).toBe('NoOpinion');
    const byUserArn = policy(
      allow({ Principal: { AWS: 'arn:aws:iam:::user/alice' }, Resource: `arn:aws:s3:::${BUCKET}/Public/*` }),
    );
    expect(evaluatePolicy(byUserArn, request())).toBe('NoOpinion');
    expect(evaluatePolicy(byUserArn, request({ resource: `arn:aws:s3:::${BUCKET}/Public/x` }))).toBe('Allow');
  });

  it('lets an explicit Deny win over any Allow, and reads NotPrincipal, NotAction and NotResource as "all but"', () => {
    const parsed = policy(allow(), {
      Effect: 'Deny',
      NotPrincipal: { AWS: 'alice' },
      NotAction: 's3:ListBucket',
      NotResource: `arn:aws:s3:::${BUCKET}/public/*`,
    });
    expect(evaluatePolicy(parsed, request({ principal: { kind: 'user', id: 'bob' } }))).toBe('Allow');
    expect(
      evaluatePolicy(parsed, request({ principal: { kind: 'user', id: 'bob' }, resource: `arn:aws:s3:::${BUCKET}/secret` })),
    ).toBe('Deny');
    expect(evaluatePolicy(parsed, request({ resource: `arn:aws:s3:::${BUCKET}/secret` }))).toBe('Allow');
    expect(
      evaluatePolicy(
        parsed,
        request({ principal: { kind: 'user', id: 'bob' }, action: 's3:ListBucket', resource: `arn:aws:s3:::${BUCKET}/secret` }),
      ),
    ).toBe('NoOpinion');
  });

  it('a Deny to everyone on every action denies every request, whatever else the policy says', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('s3:GetObject', 's3:PutObject', 's3:ListBucket', 's3:DeleteBucket'),
        fc.oneof(
          fc.constant<PolicyRequest['principal']>({ kind: 'anonymous' }),
          fc.string({ minLength: 1 }).map((id) => ({ kind: 'user' as const, id })),
        ),
        fc.string(),
        (action, principal, key) => {
          const parsed = policy(allow({ Action: '*' }), { Effect: 'Deny', Principal: '*', Action: 's3:*', Resource: ['*'] });
          return evaluatePolicy(parsed, request({ action, principal, resource: `arn:aws:s3:::${BUCKET}/${key}` })) === 'Deny';
        },
      ),
    );
  });

  it('applies a statement only when every condition holds', () => {
    const parsed = policy(
      allow({
        Condition: { StringEquals: { 's3:ExistingObjectTag/security': 'public' }, Bool: { 'aws:SecureTransport': 'true' } },
      }),
    );
    const tagged = { 's3:existingobjecttag/security': ['public'], 'aws:securetransport': ['true'] };
    expect(evaluatePolicy(parsed, request({ keys: tagged }))).toBe('Allow');
    expect(evaluatePolicy(parsed, request({ keys: { ...tagged, 'aws:securetransport': ['false'] } }))).toBe('NoOpinion');
    expect(evaluatePolicy(parsed, request({ keys: { 'aws:securetransport': ['true'] } }))).toBe('NoOpinion');
  });
});

describe('condition operators', () => {
  const holds = (name: string, policyValues: string[], requestValues: string[] | undefined) => {
    const parsed = policy(allow({ Condition: { [name]: { 'aws:username': policyValues } } }));
    return conditionHolds(parsed.statements[0]!.conditions[0]!, requestValues);
  };

  it.each([
    ['StringEquals', ['a'], ['a'], true],
    ['StringEquals', ['a', 'b'], ['b'], true],
    ['StringEquals', ['A'], ['a'], false],
    ['StringEquals', ['a'], undefined, false],
    ['StringNotEquals', ['a'], ['b'], true],
    ['StringNotEquals', ['a', 'b'], ['b'], false],
    ['StringNotEquals', ['a'], undefined, true],
    ['StringEqualsIgnoreCase', ['A'], ['a'], true],
    ['StringNotEqualsIgnoreCase', ['A'], ['a'], false],
    ['StringLike', ['pub*/?.jpg'], ['public/a.jpg'], true],
    ['StringLike', ['pub*'], ['Public'], false],
    ['StringNotLike', ['pub*'], ['private'], true],
    ['NumericEquals', ['10'], ['10.0'], true],
    ['NumericNotEquals', ['10'], ['11'], true],
    ['NumericLessThan', ['10'], ['9'], true],
    ['NumericLessThan', ['10'], ['10'], false],
    ['NumericLessThanEquals', ['10'], ['10'], true],
    ['NumericGreaterThan', ['10'], ['11'], true],
    ['NumericGreaterThanEquals', ['10'], ['9'], false],
    ['NumericGreaterThan', ['10'], ['many'], false],
    ['DateLessThan', ['2026-01-01T00:00:00Z'], ['2025-12-31T23:59:59Z'], true],
    ['DateGreaterThan', ['2026-01-01T00:00:00Z'], ['1767225601'], true],
    ['DateEquals', ['2026-01-01T00:00:00Z'], ['2026-01-01T00:00:00.000Z'], true],
    ['DateNotEquals', ['2026-01-01T00:00:00Z'], ['2026-01-02T00:00:00Z'], true],
    ['DateLessThanEquals', ['2026-01-01T00:00:00Z'], ['2026-01-01T00:00:00Z'], true],
    ['DateGreaterThanEquals', ['2026-01-01T00:00:00Z'], ['2025-01-01T00:00:00Z'], false],
    ['Bool', ['true'], ['true'], true],
    ['Bool', ['true'], ['false'], false],
    ['BinaryEquals', ['QUJD'], ['QUJD'], true],
    ['IpAddress', ['10.0.0.0/8'], ['10.1.2.3'], true],
    ['IpAddress', ['10.0.0.0/8'], ['11.1.2.3'], false],
    ['IpAddress', ['2001:db8::/32'], ['2001:db8::1'], true],
    ['IpAddress', ['192.168.1.7'], ['192.168.1.7'], true],
    ['NotIpAddress', ['10.0.0.0/8'], ['11.1.2.3'], true],
    ['NotIpAddress', ['10.0.0.0/8'], ['10.1.2.3'], false],
    ['ArnLike', ['arn:aws:s3:::photos/*'], ['arn:aws:s3:::photos/a'], true],
    ['ArnEquals', ['arn:aws:s3:::photos'], ['arn:aws:s3:::photos'], true],
    ['ArnNotLike', ['arn:aws:s3:::photos/*'], ['arn:aws:s3:::other/a'], true],
    ['ArnNotEquals', ['arn:aws:s3:::photos'], ['arn:aws:s3:::photos'], false],
    ['StringEqualsIfExists', ['a'], undefined, true],
    ['StringEqualsIfExists', ['a'], ['b'], false],
    ['Null', ['true'], undefined, true],
    ['Null', ['true'], ['x'], false],
    ['Null', ['false'], ['x'], true],
    ['ForAnyValue:StringEquals', ['a', 'b'], ['c', 'b'], true],
    ['ForAnyValue:StringEquals', ['a'], undefined, false],
    ['ForAllValues:StringEquals', ['a', 'b'], ['a', 'b'], true],
    ['ForAllValues:StringEquals', ['a', 'b'], ['a', 'c'], false],
    ['ForAllValues:StringEquals', ['a'], undefined, true],
  ])('%s %j against %j → %s', (name, policyValues, requestValues, expected) => {
    expect(holds(name, policyValues, requestValues)).toBe(expected);
  });
});

describe('is a policy public (?policyStatus, BlockPublicPolicy, RestrictPublicBuckets)', () => {
  const publicOf = (...statements: object[]): boolean => isPublicPolicy(policy(...statements) as BucketPolicy);
  it('is public when an Allow reaches everyone without a fixed restricting condition', () => {
    expect(publicOf(allow())).toBe(true);
    expect(publicOf(allow({ Principal: { AWS: '*' } }))).toBe(true);
    expect(publicOf(allow({ Condition: { StringLike: { 's3:prefix': 'public/*' } } }))).toBe(true);
    expect(publicOf(allow({ Condition: { IpAddress: { 'aws:SourceIp': '0.0.0.0/0' } } }))).toBe(true);
  });
  it('is not public when restricted to known callers, or when it only denies', () => {
    expect(publicOf(allow({ Principal: { AWS: 'arn:aws:iam::s3tenant1:root' } }))).toBe(false);
    expect(publicOf(allow({ Condition: { IpAddress: { 'aws:SourceIp': '10.0.0.0/32' } } }))).toBe(false);
    expect(publicOf(allow({ Condition: { StringEquals: { 'aws:SourceAccount': '111122223333' } } }))).toBe(false);
    expect(publicOf({ ...allow(), Effect: 'Deny' })).toBe(false);
  });
});
