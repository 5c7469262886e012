const compiled = new Map<string, RegExp>();

/**
 * IAM's wildcard match: `*` any run of characters, `?` any one character, everything else literal. Patterns are
 * compiled once per container (policies repeat across requests) and kept in a bounded cache.
 */
export function wildcardMatches(pattern: string, value: string, { ignoreCase = false } = {}): boolean {
  const cacheKey = `${ignoreCase ? 'i' : 's'}${pattern}`;
  let regex = compiled.get(cacheKey);
  if (!regex) {
    const source = [...pattern]
      .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[\\^$.|+()[\]{}]/g, '\\$&')))
      .join('');
    regex = new RegExp(`^${source}$`, ignoreCase ? 'is' : 's');
    if (compiled.size > 10_000) compiled.clear();
    compiled.set(cacheKey, regex);
  }
  return regex.test(value);
}
