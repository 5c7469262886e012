import { XMLValidator } from 'fast-xml-parser';
import { StorageError } from '../model/errors';
import { s3XmlParser } from './xml-parser';

const parser = s3XmlParser();

/** The child elements of a configuration document's root (`<root xmlns=…><Field>…</Field></root>`); anything else is MalformedXML. */
export function configurationFields(text: string, root: string): Record<string, unknown> {
  if (XMLValidator.validate(text) !== true) throw new StorageError('MalformedXML');
  const element = (parser.parse(text) as Record<string, unknown>)[root];
  if (element === '') return {};
  if (typeof element !== 'object' || element === null) throw new StorageError('MalformedXML');
  return element as Record<string, unknown>;
}
