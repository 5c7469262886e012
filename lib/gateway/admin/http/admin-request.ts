import type { ApiEvent } from '../../../http';
import { stagePrefixOf } from '../../../http';
import { maskCardNumbersDeep } from '../../../log';

/** `<stage prefix>/v1/admin`: API Gateway's default domain puts the stage in the path, a custom domain does not. */
export function adminBase(event: Pick<ApiEvent, 'path' | 'requestContext'>): string {
  return `${stagePrefixOf(event)}/v1/admin`;
}

/**
 * The event with card numbers masked in its query (as the logger masks them): search forms and links echo the query
 * back, and a card number typed into a search box must not come back in the page.
 */
export function withoutCardNumbersInQuery(event: ApiEvent): ApiEvent {
  return {
    ...event,
    queryStringParameters: maskCardNumbersDeep(event.queryStringParameters),
    multiValueQueryStringParameters: maskCardNumbersDeep(event.multiValueQueryStringParameters),
  };
}
