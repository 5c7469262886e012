import { inspect } from 'node:util';

const REDACTED = '[REDACTED]';

/**
 * A secret (client secret, private key, certificate) that cannot reach a log or an error by accident: JSON, string
 * conversion and util.inspect all print "[REDACTED]"; only `reveal()` gives the value, at the one place that needs it.
 */
export class SecretValue {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toJSON(): string {
    return REDACTED;
  }

  toString(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return REDACTED;
  }
}
