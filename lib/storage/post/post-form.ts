import { StorageError } from '../model/errors';

export interface PostForm {
  /** Form fields before the file, names lower-cased (S3 matches them case-insensitively), first value wins. */
  fields: Map<string, string>;
  file: { name: string; bytes: Buffer };
}

/**
 * A browser upload's multipart/form-data body, parsed by the platform's own (undici's) form-data parser.
 * The part named `file` is the file; every part before it is a field, even one sent with a `filename=`
 * (python-requests' `files=` sends every part that way), as S3 and RGW read them. Parts after `file` are ignored.
 */
export async function parsePostForm(contentType: string | undefined, body: Buffer): Promise<PostForm> {
  if (!contentType?.toLowerCase().startsWith('multipart/form-data')) throw malformed();
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw malformed();
  }
  const entries: [string, FormDataEntryValue][] = [];
  form.forEach((value, name) => {
    entries.push([name, value]);
  });
  const fields = new Map<string, string>();
  for (const [name, value] of entries) {
    const lower = name.toLowerCase();
    if (lower === 'file') {
      if (typeof value === 'string') return { fields, file: { name: '', bytes: Buffer.from(value) } };
      return { fields, file: { name: value.name, bytes: Buffer.from(await value.arrayBuffer()) } };
    }
    if (!fields.has(lower)) fields.set(lower, typeof value === 'string' ? value : await value.text());
  }
  throw new StorageError('InvalidArgument', 'POST requires exactly one file upload per request.', { ArgumentName: 'file' });
}

const malformed = () => new StorageError('MalformedPOSTRequest');
