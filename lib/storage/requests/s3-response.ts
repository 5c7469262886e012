/** What an S3 operation answers, before it is mapped to API Gateway's shape. */
export interface S3Response {
  status: number;
  headers: Record<string, string>;
  /** Bytes for object data, a string for XML documents, nothing for HEAD, 204 and 304. */
  body?: Buffer | string;
  /**
   * Work that belongs to the request but not to its answer (the usage charge). The handler runs it once the answer
   * is sent when the runtime streams it (the invocation still waits for it), before answering otherwise.
   */
  after?: () => Promise<void>;
}

export const XML_CONTENT_TYPE = 'application/xml';

export function xmlResult(xml: string, status = 200, headers: Record<string, string> = {}): S3Response {
  return { status, headers: { 'content-type': XML_CONTENT_TYPE, ...headers }, body: xml };
}

export function emptyResult(status: number, headers: Record<string, string> = {}): S3Response {
  return { status, headers };
}
