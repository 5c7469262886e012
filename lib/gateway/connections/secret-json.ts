/**
 * A connection secret's JSON object (acquirer, bank), or why it is not one (`notJson`, `notAnObject`): the callers word
 * it in their own setup error, which names the shape, never the value.
 */
export function secretJsonObject(text: string): Record<string, unknown> | 'notJson' | 'notAnObject' {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'notJson';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'notAnObject';
  return value as Record<string, unknown>;
}

/** HTTP Basic credentials of an OAuth2 client (RFC 6749 §2.3.1: id and secret form-urlencoded before the Basic encoding). */
export function basicClientCredentials(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`, 'utf8').toString('base64')}`;
}
