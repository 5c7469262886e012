import { isKnownConditionKey, normalizedConditionKey } from '../model/condition-keys';
import { StorageError } from '../model/errors';
import {
  type BucketPolicy,
  type Effect,
  MAX_POLICY_BYTES,
  type PolicyCondition,
  type PolicyStatement,
  type PrincipalSpec,
  type SetQualifier,
} from './bucket-policy';
import { isOperatorName, operatorAccepts } from './condition-operators';
import { duplicateJsonKey } from './duplicate-json-keys';
import { isKnownActionPattern, isUnenforcedAction } from './policy-actions';
import { wildcardMatches } from './wildcard';

const malformed = (message: string) => new StorageError('MalformedPolicy', message);

const VERSIONS = ['2012-10-17', '2008-10-17'];
const POLICY_FIELDS = new Set(['Version', 'Id', 'Statement']);
const STATEMENT_FIELDS = new Set([
  'Sid',
  'Effect',
  'Principal',
  'NotPrincipal',
  'Action',
  'NotAction',
  'Resource',
  'NotResource',
  'Condition',
]);
const S3_ARN = 'arn:aws:s3:::';

/**
 * A bucket policy document as S3 checks it on PUT ?policy: at most 20 KB of JSON, a known Version, statements with an
 * Effect, one of Principal/NotPrincipal, Action/NotAction naming S3 actions, Resource/NotResource ARNs that can name
 * this bucket or its objects, and conditions with known operators and keys. Anything else is 400 MalformedPolicy
 * saying what is wrong; nothing is stored.
 */
export function parsePolicy(document: string, bucket: string): BucketPolicy {
  if (Buffer.byteLength(document, 'utf8') > MAX_POLICY_BYTES) {
    throw malformed('Policy exceeds the maximum allowed document size.');
  }
  let json: unknown;
  try {
    json = JSON.parse(document);
  } catch {
    throw malformed('This policy contains invalid Json');
  }
  if (!isObject(json)) throw malformed('This policy contains invalid Json');
  const duplicate = duplicateJsonKey(document);
  if (duplicate !== undefined) throw malformed(`This policy contains a duplicate key: ${duplicate.slice(0, 100)}`);
  assertKnownFields(json, POLICY_FIELDS);
  const version = json.Version ?? '2008-10-17';
  if (typeof version !== 'string' || !VERSIONS.includes(version))
    throw malformed('The policy must contain a valid version string');
  if (json.Statement === undefined) throw malformed('Missing required field Statement');
  const statements = (Array.isArray(json.Statement) ? json.Statement : [json.Statement]).map((statement: unknown) =>
    parseStatement(statement, bucket),
  );
  if (statements.length === 0) throw malformed('Could not parse the policy: Statement is empty!');
  return { version, statements };
}

function parseStatement(value: unknown, bucket: string): PolicyStatement {
  if (!isObject(value)) throw malformed('Statement must be an object');
  assertKnownFields(value, STATEMENT_FIELDS);
  const effect = value.Effect;
  if (effect === undefined) throw malformed('Missing required field Effect');
  if (effect !== 'Allow' && effect !== 'Deny') throw malformed(`Invalid effect: ${String(effect)}`);
  const principal = exclusive(value, 'Principal', 'NotPrincipal', parsePrincipal);
  if (principal.notListed && effect === 'Allow') throw malformed('NotPrincipal is not supported with Effect Allow');
  const action = exclusive(value, 'Action', 'NotAction', parseActions);
  // A statement without Resource (RGW takes it; S3 does not) means the bucket and everything in it.
  const resource =
    value.Resource === undefined && value.NotResource === undefined
      ? { listed: [`${S3_ARN}${bucket}`, `${S3_ARN}${bucket}/*`] }
      : exclusive(value, 'Resource', 'NotResource', (list) => parseResources(list, bucket));
  return {
    ...(typeof value.Sid === 'string' ? { sid: value.Sid } : {}),
    effect: effect as Effect,
    ...(principal.listed ? { principal: principal.listed } : {}),
    ...(principal.notListed ? { notPrincipal: principal.notListed } : {}),
    ...(action.listed ? { action: action.listed } : {}),
    ...(action.notListed ? { notAction: action.notListed } : {}),
    ...(resource.listed ? { resource: resource.listed } : {}),
    ...(resource.notListed ? { notResource: resource.notListed } : {}),
    conditions: parseConditions(value.Condition),
  };
}

/** Exactly one of `X` and `NotX`. */
function exclusive<T>(
  statement: Record<string, unknown>,
  field: string,
  notField: string,
  parse: (value: unknown) => T,
): { listed?: T; notListed?: T } {
  const listed = statement[field];
  const notListed = statement[notField];
  if (listed === undefined && notListed === undefined) throw malformed(`Missing required field ${field}`);
  if (listed !== undefined && notListed !== undefined) throw malformed(`A statement cannot have both ${field} and ${notField}`);
  return listed !== undefined ? { listed: parse(listed) } : { notListed: parse(notListed) };
}

function strings(value: unknown, message: string): string[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || !list.every((item) => typeof item === 'string' && item !== '')) throw malformed(message);
  return list as string[];
}

function parsePrincipal(value: unknown): PrincipalSpec {
  if (value === '*') return '*';
  if (!isObject(value)) throw malformed('Invalid principal in policy');
  const spec: Exclude<PrincipalSpec, '*'> = {};
  for (const [kind, names] of Object.entries(value)) {
    if (kind !== 'AWS' && kind !== 'CanonicalUser' && kind !== 'Service') throw malformed('Invalid principal in policy');
    spec[kind] = strings(names, 'Invalid principal in policy');
  }
  if (Object.keys(spec).length === 0) throw malformed('Invalid principal in policy');
  return spec;
}

function parseActions(value: unknown): string[] {
  const actions = strings(value, 'Policy has invalid action');
  const unenforced = actions.find(isUnenforcedAction);
  if (unenforced !== undefined) throw malformed(`Policy has an action this service does not check: ${unenforced}`);
  if (!actions.every(isKnownActionPattern)) throw malformed('Policy has invalid action');
  return actions;
}

/** `arn:aws:s3:::<bucket>[/<key>]`, wildcards allowed, able to name this bucket or an object in it. */
function parseResources(value: unknown, bucket: string): string[] {
  const resources = strings(value, 'Policy has invalid resource');
  for (const resource of resources) {
    if (resource === '*') continue;
    if (!resource.startsWith(S3_ARN)) throw malformed('Policy has invalid resource');
    const path = resource.slice(S3_ARN.length);
    const slash = path.indexOf('/');
    const bucketPattern = slash < 0 ? path : path.slice(0, slash);
    if (bucketPattern === '' || !wildcardMatches(bucketPattern, bucket)) throw malformed('Policy has invalid resource');
  }
  return resources;
}

const OPERATOR = /^(?:(ForAnyValue|ForAllValues):)?(.+?)(IfExists)?$/;

function parseConditions(value: unknown): PolicyCondition[] {
  if (value === undefined) return [];
  if (!isObject(value)) throw malformed('Condition must be an object');
  const conditions: PolicyCondition[] = [];
  for (const [name, block] of Object.entries(value)) {
    const [, set, operator = '', ifExists] = OPERATOR.exec(name) ?? [];
    if (!isOperatorName(operator) || (operator === 'Null' && (ifExists || set))) {
      throw malformed(`Invalid Condition type : ${name}`);
    }
    if (!isObject(block)) throw malformed(`Condition ${name} must map keys to values`);
    for (const [key, raw] of Object.entries(block)) {
      if (!isKnownConditionKey(key)) throw malformed(`Policy has an invalid condition key: ${key}`);
      const values = (Array.isArray(raw) ? raw : [raw]).map((item) => {
        if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean') {
          throw malformed(`Invalid value for condition key ${key}`);
        }
        return String(item);
      });
      if (values.length === 0 || !values.every((item) => operatorAccepts(operator, item))) {
        throw malformed(`Invalid value for ${name} condition key ${key}`);
      }
      conditions.push({
        operator,
        ...(set ? { set: set as SetQualifier } : {}),
        ifExists: ifExists !== undefined,
        key: normalizedConditionKey(key),
        values,
      });
    }
  }
  return conditions;
}

function assertKnownFields(value: Record<string, unknown>, known: ReadonlySet<string>): void {
  const unknown = Object.keys(value).find((field) => !known.has(field));
  if (unknown !== undefined) throw malformed(`Unknown field ${unknown}`);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
