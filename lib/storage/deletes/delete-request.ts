import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { StorageError } from '../errors';

/** The keys a DeleteObjects request names, and whether only errors are to be reported. */
export interface DeleteRequest {
  quiet: boolean;
  objects: { key: string; versionId?: string }[];
}

/** S3's limit per request. */
export const MAX_DELETE_KEYS = 1000;

const parser = new XMLParser({
  removeNSPrefix: true,
  parseTagValue: false,
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
      const { Key: key, VersionId: versionId } = object as { Key?: unknown; VersionId?: unknown };
      if (typeof key !== 'string' || key === '') throw new StorageError('MalformedXML');
      if (versionId !== undefined && typeof versionId !== 'string') throw new StorageError('MalformedXML');
      return versionId === undefined || versionId.trim() === '' ? { key } : { key, versionId: versionId.trim() };
    }),
  };
}
