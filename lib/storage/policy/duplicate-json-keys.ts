/**
 * The first key that appears twice in one object of a JSON text (already known to be valid JSON), by its decoded
 * name (`"\u0053tatement"` is `Statement`); undefined when there is none. JSON.parse keeps the last of two equal keys
 * silently, so a policy could show one `Statement` and enforce the other: S3 refuses such a document.
 */
export function duplicateJsonKey(text: string): string | undefined {
  // One entry per open container: the keys seen so far in an object, or null for an array.
  const open: (Set<string> | null)[] = [];
  let expectingKey = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '"') {
      const end = stringEnd(text, index);
      const container = open.at(-1);
      if (container && expectingKey) {
        const key = JSON.parse(text.slice(index, end + 1)) as string;
        if (container.has(key)) return key;
        container.add(key);
        expectingKey = false;
      }
      index = end;
    } else if (char === '{') {
      open.push(new Set());
      expectingKey = true;
    } else if (char === '[') {
      open.push(null);
    } else if (char === '}' || char === ']') {
      open.pop();
    } else if (char === ',') {
      expectingKey = open.at(-1) instanceof Set;
    }
  }
  return undefined;
}

/** The index of the quote that closes the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
  return index;
}
