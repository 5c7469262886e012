import type { Tag } from '../tagging/tag-set';

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

/** A rule's scope flattened: the prefix every key must start with, the tags it must carry, the size bounds. */
export function scopeOf(rule: LifecycleRule): { prefix: string; tags: Tag[]; sizeGreaterThan?: number; sizeLessThan?: number } {
  const filter = rule.filter ?? {};
  const and = filter.and;
  const sizeGreaterThan = and?.sizeGreaterThan ?? filter.sizeGreaterThan;
  const sizeLessThan = and?.sizeLessThan ?? filter.sizeLessThan;
  return {
    prefix: rule.prefix ?? and?.prefix ?? filter.prefix ?? '',
    tags: and?.tags ?? (filter.tag ? [filter.tag] : []),
    ...(sizeGreaterThan === undefined ? {} : { sizeGreaterThan }),
    ...(sizeLessThan === undefined ? {} : { sizeLessThan }),
  };
}

/** Does the rule apply to this object (its key, tags and size; tags matter only when the rule names some)? */
export function ruleApplies(rule: LifecycleRule, object: ObjectFacts): boolean {
  const scope = scopeOf(rule);
  if (!object.key.startsWith(scope.prefix)) return false;
  if (scope.sizeGreaterThan !== undefined && !(object.size > scope.sizeGreaterThan)) return false;
  if (scope.sizeLessThan !== undefined && !(object.size < scope.sizeLessThan)) return false;
  return scope.tags.every((wanted) => object.tags?.some((tag) => tag.key === wanted.key && tag.value === wanted.value));
}

export const needsTags = (rule: LifecycleRule): boolean => scopeOf(rule).tags.length > 0;
