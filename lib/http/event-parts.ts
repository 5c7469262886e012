import type { ApiEvent } from './types';

/** A header by name, whatever its case. */
export function headerOf(event: Pick<ApiEvent, 'headers'>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const entry = Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === wanted);
  return entry?.[1] ?? undefined;
}

/** `/sandbox` on API Gateway's default domain (the stage is in the path), empty on a custom domain and locally. */
export function stagePrefixOf(event: Pick<ApiEvent, 'path' | 'requestContext'>): string {
  const fullPath = event.requestContext?.path ?? event.path;
  return fullPath && event.path && fullPath.endsWith(event.path) ? fullPath.slice(0, -event.path.length) : '';
}
