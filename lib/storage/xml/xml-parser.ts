import { type X2jOptions, XMLParser } from 'fast-xml-parser';

/**
 * The parser of every XML request body: namespaces dropped, values kept as strings, and character references
 * (`&#34;`, `&#x41;`) decoded as XML defines them. Go's encoder (rclone, minio-go) writes the quotes of ETags as
 * `&#34;`; fast-xml-parser decodes numeric references only with `htmlEntities`. Entities are never resolved from a
 * DOCTYPE (fast-xml-parser does not read external ones).
 */
export function s3XmlParser(options: Partial<X2jOptions> = {}): XMLParser {
  return new XMLParser({ removeNSPrefix: true, parseTagValue: false, htmlEntities: true, ...options });
}
