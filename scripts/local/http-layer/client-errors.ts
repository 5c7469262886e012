import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { gatewayAnswer } from './gateway-error-answers';
import type { HapiServer } from './hapi-surface';
import { s3AnswerForParserError } from './s3-error-answers';
import { isStoragePath, pathOfTarget } from './surface-paths';

/**
 * Node's 'clientError' (a request it could not parse, a body cut short, a header section too large): the surface's
 * own error document where hapi would write a bare "400 Bad Request". hapi's own listeners still handle what is not
 * an HTTP parser error or a request timeout (a reset socket).
 */
interface ParserError extends Error {
  code?: string;
  reason?: string;
  rawPacket?: Buffer;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const STANDARD_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The methods a path has a route of its own for (an ANY route, e.g. the 405 fallback, is none). */
function allowedMethods(server: HapiServer, path: string): string[] {
  const allowed = STANDARD_METHODS.filter((method) => {
    try {
      const route = server.match(method, path);
      return route !== null && route.method !== '*';
    } catch {
      return false; // (hapi's router throws on a malformed percent-escape: no route has such a path)
    }
  });
  return allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
}

/** On the gateway: an unknown method is 405 with Allow, or 404 where the path has no route; 431; 408; else 400. */
function gatewayParserAnswer(server: HapiServer, error: ParserError, target: string | undefined): Answer {
  const path = pathOfTarget(target);
  let status = 400;
  let allow: Record<string, string> = {};
  if (error.code === 'HPE_HEADER_OVERFLOW') status = 431;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') status = 408;
  if (error.code === 'HPE_INVALID_METHOD' && target) {
    const methods = allowedMethods(server, path);
    status = methods.length > 0 ? 405 : 404;
    if (methods.length > 0) allow = { Allow: methods.join(', ') };
  }
  const { headers, body } = gatewayAnswer(path, status);
  return { status, headers: { ...headers, ...allow }, body };
}

/** On storage: every parser error is a 400 S3 error document. */
function storageParserAnswer(error: ParserError, target: string | undefined): Answer {
  const answer = s3AnswerForParserError(error, target === undefined ? undefined : pathOfTarget(target));
  return {
    status: answer.status,
    headers: { 'Content-Type': 'application/xml', 'x-amz-request-id': answer.requestId },
    body: answer.body,
  };
}

/** The request line's target: the request in flight's, else read from the bytes Node could not parse. */
function targetOf(error: ParserError, socket: Socket & { _httpMessage?: unknown }): string | undefined {
  const inFlight = socket._httpMessage as { req?: { url?: string } } | undefined;
  return inFlight?.req?.url ?? /^[A-Za-z-]+ (\S+)/.exec(error.rawPacket?.toString('latin1') ?? '')?.[1];
}

function answerClientError(server: HapiServer, error: ParserError, socket: Socket & { _httpMessage?: unknown }): void {
  // (A body cut short by the client's FIN leaves the socket unreadable but still writable.)
  if (!socket.writable || !(error.code?.startsWith('HPE_') || error.code === 'ERR_HTTP_REQUEST_TIMEOUT')) {
    socket.destroy(error);
    return;
  }
  const target = targetOf(error, socket);
  const { status, headers, body } = isStoragePath(pathOfTarget(target))
    ? storageParserAnswer(error, target)
    : gatewayParserAnswer(server, error, target);
  const head = Object.entries({ ...headers, 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const answer = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`;
  const inFlight = socket._httpMessage as (NodeJS.EventEmitter & { headersSent?: boolean }) | undefined;
  if (inFlight && error.code === 'HPE_INVALID_METHOD') {
    // A pipelined request after the one in flight (e.g. a body sent without Content-Length): as hapi does, let the
    // current answer go out first.
    inFlight.once('close', () => {
      if (socket.writable) socket.end(answer);
      else socket.destroy(error);
    });
  } else if (inFlight?.headersSent) {
    socket.destroy(error);
  } else {
    socket.end(answer);
  }
}

/** Takes 'clientError' over from hapi: both surfaces own every path, so hapi's listeners are kept for nothing else. */
export function answerClientErrorsAsSurfaces(server: HapiServer): void {
  const { listener } = server;
  listener.removeAllListeners('clientError');
  listener.on('clientError', (error: ParserError, socket: Socket) => answerClientError(server, error, socket));
}
