/** The JSON value of `text`, or undefined when it is not JSON (JSON itself has no undefined, so nothing is lost). */
export function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
