/** A value bencoding can carry (BEP 3): integers, byte strings (a string stands for its UTF-8 bytes), lists, dictionaries. */
export type BencodeValue = number | string | Buffer | readonly BencodeValue[] | BencodeDictionary;
/** A dictionary; an entry whose value is undefined is left out, so optional fields need no special case. */
export type BencodeDictionary = { readonly [key: string]: BencodeValue | undefined };

/**
 * BEP 3's bencoding: `i<integer>e`, `<length>:<bytes>`, `l<items>e`, and `d<key><value>...e` with its keys sorted as
 * raw byte strings (what makes an info dictionary, and so its info hash, one exact byte sequence). Only safe integers:
 * BitTorrent has no other numbers.
 */
export function bencode(value: BencodeValue): Buffer {
  const out: Buffer[] = [];
  write(value, out);
  return Buffer.concat(out);
}

function write(value: BencodeValue, out: Buffer[]): void {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`bencoding carries integers only, not ${value}`);
    out.push(Buffer.from(`i${value}e`));
  } else if (typeof value === 'string' || Buffer.isBuffer(value)) {
    const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
    out.push(Buffer.from(`${bytes.length}:`), bytes);
  } else if (Array.isArray(value)) {
    out.push(Buffer.from('l'));
    for (const item of value as readonly BencodeValue[]) write(item, out);
    out.push(Buffer.from('e'));
  } else {
    const entries = Object.entries(value as BencodeDictionary)
      .filter((entry): entry is [string, BencodeValue] => entry[1] !== undefined)
      .map(([key, item]) => [Buffer.from(key, 'utf8'), item] as const)
      .sort(([a], [b]) => Buffer.compare(a, b));
    out.push(Buffer.from('d'));
    for (const [key, item] of entries) {
      write(key, out);
      write(item, out);
    }
    out.push(Buffer.from('e'));
  }
}
