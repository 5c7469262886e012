import { headerOf } from '../event-parts';
import { bodyBytes } from '../request-body';
import type { ApiEvent } from '../types';

/** A file field of a multipart/form-data form: the name the browser gave it and its bytes. */
export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/** A form the browser sent as multipart/form-data: its text fields and its files (the first value of a name wins). */
export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

/**
 * A body the page cannot take: larger than its limit (`too_large`) or not a multipart body (`malformed`). Refused before
 * anything else is read, CSRF token included, so nothing is done; the surface answers with a calm page.
 */
export class UploadRefusedError extends Error {
  override name = 'UploadRefusedError';
  constructor(
    readonly reason: 'too_large' | 'malformed',
    readonly maxBytes: number,
  ) {
    super(reason === 'too_large' ? `The upload is larger than ${maxBytes} bytes` : 'The upload is not a well-formed form');
  }
}

/** Lambda takes a synchronous request of 6 MB at most: nothing larger reaches a page anyway. */
export const DEFAULT_MAX_FORM_BYTES = 6 * 1024 * 1024;

export function isMultipartForm(event: Pick<ApiEvent, 'headers' | 'multiValueHeaders'>): boolean {
  return (headerOf(event, 'content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
}

/**
 * A browser form with `enctype="multipart/form-data"` (a file input), parsed by the platform's own form-data parser
 * (undici's, as the storage POST upload does): no parser dependency, and the body is checked against `maxBytes` first.
 */
export async function multipartForm(
  event: Pick<ApiEvent, 'headers' | 'multiValueHeaders' | 'body' | 'isBase64Encoded'>,
  maxBytes = DEFAULT_MAX_FORM_BYTES,
): Promise<MultipartForm> {
  const body = bodyBytes(event);
  if (body.length > maxBytes) throw new UploadRefusedError('too_large', maxBytes);
  let parsed: FormData;
  try {
    const headers = { 'content-type': headerOf(event, 'content-type') ?? '' };
    parsed = await new Response(new Uint8Array(body), { headers }).formData();
  } catch {
    throw new UploadRefusedError('malformed', maxBytes);
  }
  const entries: [string, FormDataEntryValue][] = [];
  parsed.forEach((value, name) => {
    entries.push([name, value]);
  });
  const form: MultipartForm = { fields: {}, files: {} };
  for (const [name, value] of entries) {
    if (name in form.fields || name in form.files) continue;
    if (typeof value === 'string') form.fields[name] = value;
    else form.files[name] = { filename: value.name, bytes: Buffer.from(await value.arrayBuffer()) };
  }
  return form;
}
