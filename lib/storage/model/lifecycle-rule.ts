import type { Tag } from './tag-set';

/** A V2 rule's `Filter`, kept in the shape it was sent (GET answers it the same way). */
export interface LifecycleFilter {
  prefix?: string;
  tag?: Tag;
  and?: { prefix?: string; tags: Tag[]; sizeGreaterThan?: number; sizeLessThan?: number };
  sizeGreaterThan?: number;
  sizeLessThan?: number;
}

/** One rule of a bucket's lifecycle configuration (`?lifecycle`), as S3 defines it. */
export interface LifecycleRule {
  id: string;
  status: 'Enabled' | 'Disabled';
  /** A V1 rule's `Prefix` (beside the actions). */
  prefix?: string;
  /** A V2 rule's `Filter`. */
  filter?: LifecycleFilter;
  expiration?: { days?: number; date?: string; expiredObjectDeleteMarker?: boolean };
  noncurrentVersionExpiration?: { noncurrentDays: number; newerNoncurrentVersions?: number };
  abortIncompleteMultipartUpload?: { daysAfterInitiation: number };
}

/** What a rule's scope reads of an object: its key, size and tags. */
export interface ObjectFacts {
  key: string;
  size: number;
  tags?: readonly Tag[];
}

/**
 * A rule's scope flattened, every predicate it names combined (And, or side by side as RGW takes them): the prefixes
 * every key must start with (the longest is what a pass lists), the tags it must carry, the size bounds.
 */
export function scopeOf(rule: LifecycleRule): {
  prefix: string;
  prefixes: string[];
  tags: Tag[];
  sizeGreaterThan?: number;
  sizeLessThan?: number;
} {
  const filter = rule.filter ?? {};
  const and = filter.and;
  const prefixes = [rule.prefix, filter.prefix, and?.prefix].filter((prefix): prefix is string => prefix !== undefined);
  const greater = [filter.sizeGreaterThan, and?.sizeGreaterThan].filter((size): size is number => size !== undefined);
  const less = [filter.sizeLessThan, and?.sizeLessThan].filter((size): size is number => size !== undefined);
  return {
    prefix: prefixes.reduce((longest, prefix) => (prefix.length > longest.length ? prefix : longest), ''),
    prefixes,
    tags: [...(filter.tag ? [filter.tag] : []), ...(and?.tags ?? [])],
    ...(greater.length > 0 ? { sizeGreaterThan: Math.max(...greater) } : {}),
    ...(less.length > 0 ? { sizeLessThan: Math.min(...less) } : {}),
  };
}

/** Does the rule apply to this object (its key, tags and size; tags matter only when the rule names some)? */
export function ruleApplies(rule: LifecycleRule, object: ObjectFacts): boolean {
  const scope = scopeOf(rule);
  if (!scope.prefixes.every((prefix) => object.key.startsWith(prefix))) return false;
  if (scope.sizeGreaterThan !== undefined && !(object.size > scope.sizeGreaterThan)) return false;
  if (scope.sizeLessThan !== undefined && !(object.size < scope.sizeLessThan)) return false;
  return scope.tags.every((wanted) => object.tags?.some((tag) => tag.key === wanted.key && tag.value === wanted.value));
}

export const needsTags = (rule: LifecycleRule): boolean => scopeOf(rule).tags.length > 0;
