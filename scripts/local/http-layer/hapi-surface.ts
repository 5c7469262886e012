import type { IncomingHttpHeaders, IncomingMessage, Server as NodeHttpServer, ServerResponse } from 'node:http';

/**
 * The part of hapi's API (21.x, serverless-offline's HTTP server) this layer uses, typed structurally: the whole
 * contract a serverless-offline or hapi upgrade has to keep (test/unit/local/http-layer checks it on the real hapi).
 */
export interface HapiResponseBuilder {
  code(status: number): HapiResponseBuilder;
  type(mimeType: string): HapiResponseBuilder;
  charset(charset: string | null): HapiResponseBuilder;
  header(name: string, value: string | string[] | number): HapiResponseBuilder;
  takeover(): HapiResponseBuilder;
}

export interface HapiToolkit {
  readonly continue: symbol;
  response(body?: string | Buffer): HapiResponseBuilder;
}

export interface PayloadSettings {
  maxBytes?: number;
  timeout?: number | false;
}

/** The raw request: shot (hapi's inject) sets no rawHeaders, Node's parser always does. */
export type RawRequest = IncomingMessage & { rawHeaders: string[] | undefined };

export interface HapiRequest {
  method: string;
  headers: IncomingHttpHeaders;
  raw: { req: RawRequest; res: ServerResponse };
  route: { settings: { payload?: PayloadSettings | null } };
  response: { isBoom?: boolean; message?: string; output?: { statusCode: number } };
  server: HapiServer;
}

export type Lifecycle = (
  request: HapiRequest,
  h: HapiToolkit,
) => symbol | HapiResponseBuilder | Promise<symbol | HapiResponseBuilder>;

export interface HapiServer {
  settings: { port?: number | string | null };
  listener: NodeHttpServer;
  ext(event: 'onRequest' | 'onPreAuth' | 'onPreResponse', method: Lifecycle): void;
  table(): { path: string; settings: { payload?: PayloadSettings | null } }[];
  match(method: string, path: string): { method: string } | null;
  inject(options: {
    method: string;
    url: string;
    headers: IncomingHttpHeaders;
    payload: string;
  }): Promise<{ statusCode: number; headers: Record<string, string | string[] | number | undefined>; rawPayload: Buffer }>;
  start(): Promise<void>;
}
