import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';

/**
 * Server-rendered pages are Preact JSX rendered to a string: every interpolated value is escaped by
 * default (dangerouslySetInnerHTML is the only way around it, and it is not used), and the markup is
 * type-checked. No client framework is shipped.
 */
export function renderDocument(page: VNode): string {
  return `<!doctype html>${renderToString(page)}`;
}
