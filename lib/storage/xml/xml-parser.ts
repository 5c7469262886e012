import { type X2jOptions, XMLParser } from 'fast-xml-parser';
import { StorageError } from '../model/errors';

/** What the request-body parsers need: one call that yields the document, or a MalformedXML StorageError. */
export interface S3XmlParser {
  parse(text: string): unknown;
}

/** Deeper than any S3 request document (the deepest, an ACL grant, is 5 levels). */
const MAX_DEPTH = 32;
/** Larger than any S3 request document (the largest, a 1,000-key multi-object delete, is about 1.1 MB). */
const MAX_DOCUMENT_CHARS = 2 * 1024 * 1024;

/**
 * The parser of every XML request body: namespaces dropped, values kept as strings, and character references
 * (`&#34;`, `&#x41;`) decoded as XML defines them. Go's encoder (rclone, minio-go) writes the quotes of ETags as
 * `&#34;`; fast-xml-parser decodes numeric references only with `htmlEntities`.
 * Hostile documents are MalformedXML, never a 500: a DOCTYPE is refused before parsing (S3 documents never
 * carry one, so no entity is ever defined, let alone resolved), and whatever the parser itself refuses (nesting
 * past MAX_DEPTH, reserved names such as `__proto__`) is reported the same way.
 */
export function s3XmlParser(options: Partial<X2jOptions> = {}): S3XmlParser {
  const parser = new XMLParser({
    removeNSPrefix: true,
    parseTagValue: false,
    htmlEntities: true,
    maxNestedTags: MAX_DEPTH,
    ...options,
  });
  return {
    parse(text) {
      if (text.length > MAX_DOCUMENT_CHARS) throw new StorageError('MaxMessageLengthExceeded');
      if (/<!(DOCTYPE|ENTITY)/i.test(text)) throw malformed();
      try {
        return parser.parse(text);
      } catch {
        throw malformed();
      }
    },
  };
}

const malformed = () =>
  new StorageError('MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
