import { MalformedJsonError } from './errors';
import type { ApiEvent } from './types';

/** The request body as the bytes the client sent: API Gateway base64-encodes it (binaryMediaTypes '*\/*'). */
export function bodyBytes(event: Pick<ApiEvent, 'body' | 'isBase64Encoded'>): Buffer {
  if (event.body === null || event.body === undefined) return Buffer.alloc(0);
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

/**
 * The body parsed as JSON whatever its Content-Type says (one official client sends JSON as
 * application/x-www-form-urlencoded). An empty body is `undefined`.
 */
export function jsonBody(event: Pick<ApiEvent, 'body' | 'isBase64Encoded'>): unknown {
  const text = bodyBytes(event).toString('utf8').trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new MalformedJsonError();
  }
}
