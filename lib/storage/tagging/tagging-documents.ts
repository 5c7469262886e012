import { XMLValidator } from 'fast-xml-parser';
import { StorageError } from '../model/errors';
import type { Tag } from '../model/tag-set';
import { s3Document } from '../xml/s3-documents';
import { s3XmlParser } from '../xml/xml-parser';

const parser = s3XmlParser({ isArray: (name) => name === 'Tag' });

/** GetObjectTagging / GetBucketTagging: `<Tagging><TagSet><Tag><Key/><Value/></Tag>…</TagSet></Tagging>`. */
export function taggingXml(tags: readonly Tag[]): string {
  return s3Document('Tagging', { TagSet: { Tag: tags.map((tag) => ({ Key: tag.key, Value: tag.value })) } });
}

/** A Tagging document (a PUT ?tagging body, POST Object's `tagging` field); off-schema → MalformedXML. Limits are checked by validTagSet. */
export function parseTagging(text: string): Tag[] {
  if (XMLValidator.validate(text) !== true) throw malformed();
  const tagging = (parser.parse(text) as { Tagging?: unknown }).Tagging;
  if (!isObject(tagging)) throw malformed();
  const set = tagging.TagSet;
  if (set === '') return [];
  if (!isObject(set)) throw malformed();
  const tags = set.Tag ?? [];
  if (!Array.isArray(tags)) throw malformed();
  return tags.map((tag: unknown) => {
    if (!isObject(tag) || typeof tag.Key !== 'string') throw malformed();
    const value = tag.Value ?? '';
    if (typeof value !== 'string') throw malformed();
    return { key: tag.Key, value };
  });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const malformed = () => new StorageError('MalformedXML');
