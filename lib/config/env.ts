/** Typed readers over an environment map: each fails loudly, naming the variable, instead of guessing. */
export type Env = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function requiredString(env: Env, name: string): string {
  const value = env[name]?.trim();
  if (!value) throw new ConfigError(`Environment variable ${name} is required but not set`);
  return value;
}

export function optionalString(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

export function stringWithDefault(env: Env, name: string, fallback: string): string {
  return optionalString(env, name) ?? fallback;
}

export function positiveInteger(env: Env, name: string, fallback: number): number {
  return wholeNumber(env, name, fallback, 1, 'a positive integer');
}

/** A whole number, zero allowed (a delay or period where 0 means "at once"). */
export function nonNegativeInteger(env: Env, name: string, fallback: number): number {
  return wholeNumber(env, name, fallback, 0, 'a whole number of 0 or more');
}

function wholeNumber(env: Env, name: string, fallback: number, min: number, what: string): number {
  const raw = optionalString(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || !Number.isSafeInteger(Number(raw))) {
    throw new ConfigError(`Environment variable ${name} must be ${what}, got "${raw}"`);
  }
  return Number(raw);
}

export function oneOf<const T extends readonly string[]>(env: Env, name: string, allowed: T, fallback: T[number]): T[number] {
  const raw = optionalString(env, name) ?? fallback;
  if (!allowed.includes(raw)) {
    throw new ConfigError(`Environment variable ${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T[number];
}

export function onOff(env: Env, name: string, fallback: boolean): boolean {
  return oneOf(env, name, ['on', 'off'] as const, fallback ? 'on' : 'off') === 'on';
}

export function httpUrl(env: Env, name: string): string | undefined {
  return urlOf(env, name, ['http:', 'https:'], 'an http(s) URL')?.replace(/\/+$/, '');
}

/** A URL with one of `protocols` (`'udp:'`...), as written; `what` names the kind in the error. */
export function urlOf(env: Env, name: string, protocols: readonly string[], what: string): string | undefined {
  const raw = optionalString(env, name);
  if (raw === undefined) return undefined;
  let protocol: string | undefined;
  try {
    protocol = new URL(raw).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol === undefined || !protocols.includes(protocol)) {
    throw new ConfigError(`Environment variable ${name} must be ${what}, got "${raw}"`);
  }
  return raw;
}
