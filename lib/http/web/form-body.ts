import { bodyBytes } from '../request-body';
import type { ApiEvent } from '../types';

/** An application/x-www-form-urlencoded body as a plain map (the last value wins for repeated names). */
export function formBody(event: Pick<ApiEvent, 'body' | 'isBase64Encoded'>): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(bodyBytes(event).toString('utf8')));
}
