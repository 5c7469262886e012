import { describe, expect, it } from 'vitest';
import { parsePostForm } from '../../../lib/storage/post/post-form';

const BOUNDARY = 'b0undary';
/** A multipart body as python-requests' `files=` writes it: every part with a file name. */
const multipart = (parts: [string, string, string?][]) =>
  Buffer.from(
    `${parts
      .map(
        ([name, value, filename = name]) =>
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n\r\n${value}\r\n`,
      )
      .join('')}--${BOUNDARY}--\r\n`,
  );
const contentType = `multipart/form-data; boundary=${BOUNDARY}`;

describe('POST form parsing', () => {
  it('reads every part before `file` as a field, even one sent as a file, names lower-cased, first value kept', async () => {
    const form = await parsePostForm(
      contentType,
      multipart([
        ['kEy', 'up/$name'],
        ['Policy', 'cG9saWN5'],
        ['key', 'ignored'],
        ['File', 'hello', 'a.txt'],
        ['acl', 'after the file'],
      ]),
    );
    expect(Object.fromEntries(form.fields)).toEqual({ key: 'up/$name', policy: 'cG9saWN5' });
    expect([form.file.name, form.file.bytes.toString()]).toEqual(['a.txt', 'hello']);
  });

  it('refuses a form without a file (InvalidArgument) and a body that is not multipart (MalformedPOSTRequest)', async () => {
    await expect(parsePostForm(contentType, multipart([['key', 'k']]))).rejects.toMatchObject({ code: 'InvalidArgument' });
    await expect(parsePostForm('text/plain', Buffer.from('key=k'))).rejects.toMatchObject({ code: 'MalformedPOSTRequest' });
  });
});
