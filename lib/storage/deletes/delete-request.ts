import { XMLValidator } from 'fast-xml-parser';
import { StorageError } from '../model/errors';
import type { WriteConditions } from '../store/write-conditions';
import { s3XmlParser } from '../xml/xml-parser';

/** The keys a DeleteObjects request names, and whether only errors are to be reported. */
export interface DeleteRequest {
  quiet: boolean;
  objects: { key: string; versionId?: string; conditions?: WriteConditions }[];
}

/** S3's limit per request. */
export const MAX_DELETE_KEYS = 1000;

const parser = s3XmlParser({
  // Keys are data: whitespace inside them is kept, and one Object is still a list.
  trimValues: false,
  isArray: (name) => name === 'Object',
});

/** `<Delete><Quiet>true</Quiet><Object><Key/><VersionId/></Object>…</Delete>`: anything else is MalformedXML. */
export function parseDeleteRequest(text: string): DeleteRequest {
  if (text.trim() === '' || XMLValidator.validate(text) !== true) throw new StorageError('MalformedXML');
  const root = (parser.parse(text) as { Delete?: unknown }).Delete;
  if (typeof root !== 'object' || root === null) throw new StorageError('MalformedXML');
  const { Quiet: quiet, Object: objects } = root as { Quiet?: unknown; Object?: unknown[] };
  if (!Array.isArray(objects) || objects.length === 0 || objects.length > MAX_DELETE_KEYS) throw new StorageError('MalformedXML');
  return {
    quiet: typeof quiet === 'string' && quiet.trim().toLowerCase() === 'true',
    objects: objects.map((object) => {
      if (typeof object !== 'object' || object === null) throw new StorageError('MalformedXML');
      const fields = object as Record<string, unknown>;
      const text = (name: string) => {
        const value = fields[name];
        if (value !== undefined && typeof value !== 'string') throw new StorageError('MalformedXML');
        return value === undefined || value.trim() === '' ? undefined : value.trim();
      };
      const key = fields.Key;
      if (typeof key !== 'string' || key === '') throw new StorageError('MalformedXML');
      const versionId = text('VersionId');
      // Conditional deletes per key (RGW and S3 directory buckets): ETag, LastModifiedTime, Size.
      const size = text('Size');
      if (size !== undefined && !/^\d+$/.test(size)) throw new StorageError('MalformedXML');
      const conditions: WriteConditions = {
        ifMatch: text('ETag'),
        lastModifiedTime: text('LastModifiedTime'),
        size: size === undefined ? undefined : Number(size),
      };
      return {
        key,
        ...(versionId === undefined ? {} : { versionId }),
        ...(Object.values(conditions).some((value) => value !== undefined) ? { conditions } : {}),
      };
    }),
  };
}
