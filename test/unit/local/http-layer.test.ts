import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTINUE_PROBE_HEADER as FUNCTIONS_PROBE_HEADER } from '../../../lib/storage/http/continue-probe';
import { CONTINUE_PROBE_HEADER } from '../../../scripts/local/http-layer/continue-probe';
import type { HapiServer } from '../../../scripts/local/http-layer/hapi-surface';
import { hookOfflineHttpServer } from '../../../scripts/local/http-layer/hook-offline-server';
import { installHttpLayer } from '../../../scripts/local/http-layer/install-http-layer';
import { LARGEST_BASE64_BODY } from '../../../scripts/local/http-layer/storage-bodies';

/**
 * The local HTTP layer on the hapi that serverless-offline really uses (resolved from its own location): what a
 * serverless-offline upgrade must keep for scripts/local/http-layer to work, and the framing it adds. The raw-wire
 * cases (Node's parser errors, 100 Continue on a socket) run against the stack: test/integration/storage/http-framing.
 */
interface TestServer extends HapiServer {
  route(route: object): void;
  initialize(): Promise<void>;
  stop(): Promise<void>;
  inject(options: object): ReturnType<HapiServer['inject']> & Promise<{ headers: Record<string, string>; payload: string }>;
}

const hapi = createRequire(createRequire(import.meta.url).resolve('serverless-offline'))('@hapi/hapi') as {
  server(options: object): TestServer;
};

const TEN_MIB = 10 * 1024 * 1024;
const started: TestServer[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.stop()));
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Routes shaped as serverless-offline declares them (payload unparsed, API Gateway's 10 MiB), the layer installed. */
async function offlineLikeServer(handle: (request: any, h: any) => unknown = () => 'ok') {
  const server = hapi.server({ autoListen: false, router: { stripTrailingSlash: true } });
  const payload = { maxBytes: TEN_MIB, parse: false, override: 'application/octet-stream' };
  server.route({ method: 'PUT', path: '/{bucket}/{key*}', options: { payload }, handler: handle });
  server.route({ method: 'POST', path: '/v1/transacao', options: { payload }, handler: handle });
  server.route({ method: 'GET', path: '/v1/health', handler: handle });
  installHttpLayer(server);
  await server.initialize();
  return server;
}

describe('the seam: serverless-offline starts its API server with hapi', () => {
  it('installs the layer on the server of httpPort only (not on the Lambda invoke server)', async () => {
    const installed: HapiServer[] = [];
    const httpPort = await freePort();
    hookOfflineHttpServer(httpPort, (server) => installed.push(server));
    const api = hapi.server({ host: '127.0.0.1', port: httpPort });
    const lambda = hapi.server({ host: '127.0.0.1', port: 0 });
    await Promise.all([api.start(), lambda.start()]);
    started.push(api, lambda);
    expect(installed).toEqual([api]);
  });
});

describe('what hapi answers by itself, in the surface format', () => {
  it('is an S3 XML error on storage paths', async () => {
    const server = await offlineLikeServer(() => {
      throw new Error('boom');
    });
    const missing = await server.inject({ method: 'GET', url: '/bucket/key?x=1' });
    expect([missing.statusCode, missing.headers['content-type']]).toEqual([404, 'application/xml']);
    expect(missing.payload).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>NoSuchKey<\/Code><Message>The specified key does not exist.<\/Message><Resource>\/bucket\/key<\/Resource><RequestId>[-0-9a-f]{36}<\/RequestId><\/Error>$/,
    );
    expect(missing.payload).toContain(missing.headers['x-amz-request-id']);
    const crashed = await server.inject({ method: 'PUT', url: '/bucket/key', payload: 'x' });
    expect([crashed.statusCode, crashed.payload]).toEqual([500, expect.stringContaining('<Code>InternalError</Code>')]);
  });

  it("is the gateway's erro envelope under /v1, and its page where a browser lands", async () => {
    const server = await offlineLikeServer();
    const missing = await server.inject({ method: 'GET', url: '/v1/nothing' });
    expect([missing.statusCode, missing.headers['content-type'], JSON.parse(missing.payload)]).toEqual([
      404,
      'application/json',
      { transacao: { erro: { codigo: '006', mensagem: 'Recurso não encontrado' } } },
    ]);
    const tooLarge = await server.inject({ method: 'POST', url: '/v1/transacao', payload: Buffer.alloc(TEN_MIB + 1) });
    expect([tooLarge.statusCode, JSON.parse(tooLarge.payload).transacao.erro.codigo]).toEqual([413, '012']);
    const page = await server.inject({ method: 'GET', url: '/v1/admin/nothing' });
    expect([page.statusCode, page.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    expect(page.payload).toContain('<!doctype html>');
  });
});

describe('storage bodies', () => {
  it("lifts hapi's body cap and read timeout on storage routes only", async () => {
    const server = await offlineLikeServer();
    const payloadOf = (path: string) => server.table().find((route) => route.path === path)?.settings.payload;
    expect(payloadOf('/{bucket}/{key*}')).toMatchObject({ maxBytes: LARGEST_BASE64_BODY, timeout: false });
    expect(payloadOf('/v1/transacao')).toMatchObject({ maxBytes: TEN_MIB, timeout: 10_000 });
    const big = await server.inject({ method: 'PUT', url: '/bucket/big', payload: Buffer.alloc(TEN_MIB + 1) });
    expect(big.statusCode).toBe(200);
  });

  it('asks the function with the headers alone before 100 Continue, and answers its refusal', async () => {
    const probes: string[][] = [];
    const server = await offlineLikeServer((request, h) => {
      if (request.headers[CONTINUE_PROBE_HEADER] === undefined) return 'stored';
      probes.push(request.raw.req.rawHeaders);
      return h.response('<Error><Code>AccessDenied</Code></Error>').code(403).header('x-amz-request-id', 'probe-1');
    });
    const refused = await server.inject({
      method: 'PUT',
      url: '/bucket/key',
      headers: { expect: '100-continue', authorization: 'AWS4-HMAC-SHA256 x' },
      payload: 'body',
    });
    expect([refused.statusCode, refused.payload, refused.headers['x-amz-request-id']]).toEqual([
      403,
      '<Error><Code>AccessDenied</Code></Error>',
      'probe-1',
    ]);
    // serverless-offline builds the function's headers from rawHeaders, which hapi's inject does not set.
    expect(probes).toHaveLength(1);
    expect(probes[0]).toEqual(expect.arrayContaining(['authorization', 'AWS4-HMAC-SHA256 x', CONTINUE_PROBE_HEADER, '4']));
    expect(probes[0]).not.toContain('expect');
  });

  it("names the probe with the functions' own header", () => {
    expect(CONTINUE_PROBE_HEADER).toBe(FUNCTIONS_PROBE_HEADER);
  });
});
