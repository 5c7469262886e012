import { XMLBuilder } from 'fast-xml-parser';

const SNS_NS = 'https://sns.amazonaws.com/doc/2010-03-31/';
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: false });

/** `<{Action}Response>` with its result (when the action has one) and `ResponseMetadata/RequestId`, as SNS answers. */
export function snsResponseXml(action: string, requestId: string, result?: Record<string, unknown>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({
    [`${action}Response`]: {
      '@_xmlns': SNS_NS,
      ...(result === undefined ? {} : { [`${action}Result`]: result }),
      ResponseMetadata: { RequestId: requestId },
    },
  })}`;
}

/** SNS's error document: `ErrorResponse/Error/{Type, Code, Message}` and `RequestId`. */
export function snsErrorXml(code: string, message: string, requestId: string, type: 'Sender' | 'Receiver' = 'Sender'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({
    ErrorResponse: { '@_xmlns': SNS_NS, Error: { Type: type, Code: code, Message: message }, RequestId: requestId },
  })}`;
}

/** `Attributes.entry.N.key` / `Attributes.entry.N.value` pairs of a form (N from 1, in N's order). */
export function formAttributes(form: URLSearchParams): Record<string, string> {
  const entries = new Map<number, { key?: string; value?: string }>();
  for (const [name, value] of form) {
    const match = /^Attributes\.entry\.(\d{1,3})\.(key|value)$/.exec(name);
    if (!match) continue;
    const entry = entries.get(Number(match[1])) ?? {};
    entry[match[2] as 'key' | 'value'] = value;
    entries.set(Number(match[1]), entry);
  }
  // fromEntries defines own properties: a key such as `__proto__` is data, never the object's prototype.
  return Object.fromEntries(
    [...entries]
      .sort(([a], [b]) => a - b)
      .flatMap(([, entry]) => (entry.key === undefined ? [] : [[entry.key, entry.value ?? '']])),
  );
}
