import type { StageContext } from '../shared/stage-context';

export class UsageError extends Error {
  override name = 'UsageError';
}

export type Options = Record<string, string | boolean | undefined>;
export type Output = Record<string, unknown> | Record<string, unknown>[];
export type Command = (stage: StageContext, options: Options) => Promise<Output>;

export function requiredOption(options: Record<string, unknown>, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value.trim();
}

export function optionalOption(options: Record<string, unknown>, name: string): string | undefined {
  const value = options[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
