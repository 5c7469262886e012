import type { ApiEvent } from '../../../http';
import { stagePrefixOf } from '../../../http';

/** `<stage prefix>/v1/admin`: API Gateway's default domain puts the stage in the path, a custom domain does not. */
export function adminBase(event: Pick<ApiEvent, 'path' | 'requestContext'>): string {
  return `${stagePrefixOf(event)}/v1/admin`;
}
