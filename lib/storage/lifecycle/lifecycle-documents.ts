import { XMLValidator } from 'fast-xml-parser';
import { StorageError } from '../model/errors';
import type { LifecycleFilter, LifecycleRule } from '../model/lifecycle-rule';
import type { Tag } from '../model/tag-set';
import { s3Document } from '../xml/s3-documents';
import { s3XmlParser } from '../xml/xml-parser';
import { assertNoConflicts } from './rule-conflicts';

const MAX_RULES = 1000;
const MAX_ID_LENGTH = 255;
const LISTS = new Set(['Rule', 'Tag', 'Transition', 'NoncurrentVersionTransition']);
const parser = s3XmlParser({ isArray: (name) => LISTS.has(name) });

const malformed = () => new StorageError('MalformedXML');
const invalid = (message: string) => new StorageError('InvalidArgument', message);

type Element = Record<string, unknown>;
const isElement = (value: unknown): value is Element => typeof value === 'object' && value !== null && !Array.isArray(value);
/** An element that may be empty (`<Filter/>` parses as ''). */
const elementOf = (value: unknown): Element | undefined => (value === '' ? {} : isElement(value) ? value : undefined);

/**
 * PutBucketLifecycleConfiguration's body (and the older PutBucketLifecycle's): 1-1000 rules, V1 (`Prefix`) or V2
 * (`Filter`), with S3's errors: MalformedXML for a bad document or Status, InvalidArgument for a bad ID, Days or Date,
 * duplicate IDs, a rule without an action, and InvalidRequest for rules that contradict each other. Transitions are
 * checked, then refused (501): this service has one storage class.
 */
export function parseLifecycleConfiguration(text: string): LifecycleRule[] {
  if (text.trim() === '' || XMLValidator.validate(text) !== true) throw malformed();
  const root = elementOf((parser.parse(text) as Element).LifecycleConfiguration);
  const rules = root?.Rule;
  if (!Array.isArray(rules) || rules.length === 0 || rules.length > MAX_RULES) throw malformed();
  const parsed = rules.map((rule, index) => parseRule(rule, index));
  const ids = new Set<string>();
  for (const rule of parsed) {
    if (ids.has(rule.id)) throw invalid('Rule ID must be unique. Found same ID for more than one rule');
    ids.add(rule.id);
  }
  assertNoConflicts(parsed);
  return parsed;
}

function parseRule(value: unknown, index: number): LifecycleRule {
  const rule = elementOf(value);
  if (!rule) throw malformed();
  const id = rule.ID === undefined ? generatedId(index) : text(rule.ID);
  if (id.length > MAX_ID_LENGTH) throw invalid('ID length should not exceed allowed limit of 255');
  const status = rule.Status;
  if (status !== 'Enabled' && status !== 'Disabled') throw malformed();
  if (rule.Prefix !== undefined && rule.Filter !== undefined) throw malformed();
  const parsed: LifecycleRule = {
    id,
    status,
    ...(rule.Prefix === undefined ? {} : { prefix: text(rule.Prefix) }),
    ...(rule.Filter === undefined ? {} : { filter: parseFilter(rule.Filter) }),
    ...optional('expiration', rule.Expiration, parseExpiration),
    ...optional('noncurrentVersionExpiration', rule.NoncurrentVersionExpiration, parseNoncurrent),
    ...optional('abortIncompleteMultipartUpload', rule.AbortIncompleteMultipartUpload, (element) => ({
      daysAfterInitiation: days(
        element.DaysAfterInitiation,
        "'DaysAfterInitiation' for AbortIncompleteMultipartUpload action must be a positive integer",
      ),
    })),
  };
  refuseTransitions(rule);
  if (!parsed.expiration && !parsed.noncurrentVersionExpiration && !parsed.abortIncompleteMultipartUpload) {
    throw invalid('At least one action needs to be specified in a rule');
  }
  return parsed;
}

/** S3 names a rule sent without an ID; a stable name keeps GET answering the same. */
const generatedId = (index: number) => `rule-${index + 1}`;

function optional<K extends string, T>(name: K, value: unknown, parse: (element: Element) => T): { [P in K]?: T } {
  if (value === undefined) return {};
  const element = elementOf(value);
  if (!element) throw malformed();
  return { [name]: parse(element) } as { [P in K]?: T };
}

function text(value: unknown): string {
  if (value === '' || value === undefined) return '';
  if (typeof value !== 'string' && typeof value !== 'number') throw malformed();
  return String(value);
}

function days(value: unknown, message: string): number {
  const raw = text(value).trim();
  if (!/^\d+$/.test(raw) || Number(raw) <= 0) throw invalid(message);
  return Number(raw);
}

function size(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const raw = text(value).trim();
  if (!/^\d+$/.test(raw)) throw invalid('ObjectSize must be a non-negative integer');
  return Number(raw);
}

/** `Date`: an ISO 8601 date at midnight UTC, as S3 requires. */
function midnight(value: unknown): string {
  const raw = text(value).trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})(T00:00:00(\.0+)?(Z|[+-]00:00))?$/.exec(raw);
  if (!match || Number.isNaN(Date.parse(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`))) {
    throw invalid("'Date' must be at midnight GMT");
  }
  return raw;
}

function parseExpiration(element: Element): NonNullable<LifecycleRule['expiration']> {
  const given = ['Days', 'Date', 'ExpiredObjectDeleteMarker'].filter((name) => element[name] !== undefined);
  if (given.length !== 1) throw malformed();
  if (element.Days !== undefined) return { days: days(element.Days, "'Days' for Expiration action must be a positive integer") };
  if (element.Date !== undefined) return { date: midnight(element.Date) };
  const marker = text(element.ExpiredObjectDeleteMarker);
  if (marker !== 'true' && marker !== 'false') throw malformed();
  return { expiredObjectDeleteMarker: marker === 'true' };
}

function parseNoncurrent(element: Element): NonNullable<LifecycleRule['noncurrentVersionExpiration']> {
  const noncurrentDays = days(
    element.NoncurrentDays,
    "'NoncurrentDays' for NoncurrentVersionExpiration action must be a positive integer",
  );
  if (element.NewerNoncurrentVersions === undefined) return { noncurrentDays };
  const raw = text(element.NewerNoncurrentVersions).trim();
  if (!/^\d+$/.test(raw) || Number(raw) <= 0 || Number(raw) > 100) {
    throw invalid("'NewerNoncurrentVersions' for NoncurrentVersionExpiration action must be a positive integer up to 100");
  }
  return { noncurrentDays, newerNoncurrentVersions: Number(raw) };
}

function parseTag(value: unknown): Tag {
  const element = elementOf(value);
  if (!element || element.Key === undefined) throw malformed();
  return { key: text(element.Key), value: text(element.Value) };
}

function parseAnd(value: unknown): NonNullable<LifecycleFilter['and']> {
  const and = elementOf(value);
  if (!and) throw malformed();
  const greater = size(and.ObjectSizeGreaterThan);
  const less = size(and.ObjectSizeLessThan);
  return {
    ...(and.Prefix === undefined ? {} : { prefix: text(and.Prefix) }),
    tags: Array.isArray(and.Tag) ? and.Tag.map(parseTag) : [],
    ...(greater === undefined ? {} : { sizeGreaterThan: greater }),
    ...(less === undefined ? {} : { sizeLessThan: less }),
  };
}

function parseFilter(value: unknown): LifecycleFilter {
  const element = elementOf(value);
  if (!element) throw malformed();
  // S3 wants several predicates inside And; RGW (and what s3-tests send) also puts them side by side, And included:
  // all are accepted and combined (every one must hold), and GET answers each in the shape it came.
  if (element.Tag !== undefined && (!Array.isArray(element.Tag) || element.Tag.length !== 1)) throw malformed();
  const greater = size(element.ObjectSizeGreaterThan);
  const less = size(element.ObjectSizeLessThan);
  return {
    ...(element.Prefix === undefined ? {} : { prefix: text(element.Prefix) }),
    ...(Array.isArray(element.Tag) ? { tag: parseTag(element.Tag[0]) } : {}),
    ...(element.And === undefined ? {} : { and: parseAnd(element.And) }),
    ...(greater === undefined ? {} : { sizeGreaterThan: greater }),
    ...(less === undefined ? {} : { sizeLessThan: less }),
  };
}

/** Transitions are checked as S3 checks them (a bad date is 400), then refused: there is only one storage class here. */
function refuseTransitions(rule: Element): void {
  const transitions = [rule.Transition, rule.NoncurrentVersionTransition].flatMap((value) =>
    Array.isArray(value) ? value : value === undefined ? [] : [value],
  );
  if (transitions.length === 0) return;
  for (const transition of transitions) {
    const element = elementOf(transition);
    if (!element) throw malformed();
    if (element.Date !== undefined) midnight(element.Date);
  }
  throw new StorageError('NotImplemented', 'Lifecycle transitions are not implemented: this service has a single storage class.');
}

const tagXml = (tag: Tag) => ({ Key: tag.key, Value: tag.value });

function filterXml(filter: LifecycleFilter): Record<string, unknown> {
  const and = filter.and;
  return {
    ...(filter.prefix === undefined ? {} : { Prefix: filter.prefix }),
    ...(filter.tag === undefined ? {} : { Tag: tagXml(filter.tag) }),
    ...(and
      ? {
          And: {
            ...(and.prefix === undefined ? {} : { Prefix: and.prefix }),
            ...(and.tags.length > 0 ? { Tag: and.tags.map(tagXml) } : {}),
            ...(and.sizeGreaterThan === undefined ? {} : { ObjectSizeGreaterThan: and.sizeGreaterThan }),
            ...(and.sizeLessThan === undefined ? {} : { ObjectSizeLessThan: and.sizeLessThan }),
          },
        }
      : {}),
    ...(filter.sizeGreaterThan === undefined ? {} : { ObjectSizeGreaterThan: filter.sizeGreaterThan }),
    ...(filter.sizeLessThan === undefined ? {} : { ObjectSizeLessThan: filter.sizeLessThan }),
  };
}

/** GetBucketLifecycleConfiguration's answer: the rules as they were put. */
export function lifecycleConfigurationXml(rules: readonly LifecycleRule[]): string {
  return s3Document('LifecycleConfiguration', {
    Rule: rules.map((rule) => ({
      ID: rule.id,
      ...(rule.prefix === undefined ? {} : { Prefix: rule.prefix }),
      ...(rule.filter === undefined ? {} : { Filter: filterXml(rule.filter) }),
      Status: rule.status,
      ...(rule.expiration
        ? {
            Expiration: {
              ...(rule.expiration.days === undefined ? {} : { Days: rule.expiration.days }),
              ...(rule.expiration.date === undefined ? {} : { Date: rule.expiration.date }),
              ...(rule.expiration.expiredObjectDeleteMarker === undefined
                ? {}
                : { ExpiredObjectDeleteMarker: rule.expiration.expiredObjectDeleteMarker }),
            },
          }
        : {}),
      ...(rule.noncurrentVersionExpiration
        ? {
            NoncurrentVersionExpiration: {
              NoncurrentDays: rule.noncurrentVersionExpiration.noncurrentDays,
              ...(rule.noncurrentVersionExpiration.newerNoncurrentVersions === undefined
                ? {}
                : { NewerNoncurrentVersions: rule.noncurrentVersionExpiration.newerNoncurrentVersions }),
            },
          }
        : {}),
      ...(rule.abortIncompleteMultipartUpload
        ? { AbortIncompleteMultipartUpload: { DaysAfterInitiation: rule.abortIncompleteMultipartUpload.daysAfterInitiation } }
        : {}),
    })),
  });
}
