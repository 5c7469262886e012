import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { GatewayError, gatewayEndpoint } from '../../../lib/gateway';
import { bodyBytes, httpEndpoint, jsonBody, jsonResponse, MalformedJsonError, renderPlainError } from '../../../lib/http';
import { container } from '../../../lib/http/container-wiring';
import { createLogger } from '../../../lib/log';
import { type MetricDimensions, type MetricValues, NO_METRICS } from '../../../lib/metrics';
import { StorageError, storageEndpoint } from '../../../lib/storage';
import { apiEvent, lambdaContext } from '../../support/api-event';

const silent = createLogger({ level: 'SILENT' });

describe('httpEndpoint', () => {
  it('counts every request once, by surface, operation and the status class the client saw (refusals included)', async () => {
    const emitted: [MetricDimensions, MetricValues][] = [];
    const sink = { emit: (dimensions: MetricDimensions, values: MetricValues) => emitted.push([dimensions, values]) };
    const options = { surface: 'gateway' as const, renderError: renderPlainError, logger: silent, metrics: () => sink };
    const ok = httpEndpoint(async () => jsonResponse(201, { ok: true }), options);
    const refused = httpEndpoint(async () => {
      throw new MalformedJsonError();
    }, options);
    const context = { ...lambdaContext(), functionName: 'gwstore-sandbox-createTransaction' };
    await ok(apiEvent(), context);
    await refused(apiEvent(), context);
    expect(emitted.map(([dimensions]) => dimensions)).toEqual([
      { Surface: 'gateway', Operation: 'createTransaction', StatusClass: '2xx' },
      { Surface: 'gateway', Operation: 'createTransaction', StatusClass: '4xx' },
    ]);
    for (const [, values] of emitted) {
      expect(values.requests).toBe(1);
      expect(values.latency).toBeGreaterThanOrEqual(0);
    }
  });

  it('puts the request id on a successful response', async () => {
    const handler = httpEndpoint(async () => jsonResponse(200, { ok: true }), {
      surface: 'diagnostics',
      renderError: renderPlainError,
      logger: silent,
      metrics: () => NO_METRICS,
    });
    const response = await handler(apiEvent(), lambdaContext());
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['x-request-id']).toBe('req-123');
  });

  it('turns an unknown error into a generic 500 that leaks nothing', async () => {
    const handler = httpEndpoint(
      async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.1:8000 at /var/task/secret.js');
      },
      { surface: 'diagnostics', renderError: renderPlainError, logger: silent, metrics: () => NO_METRICS },
    );
    const response = await handler(apiEvent(), lambdaContext());
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/ECONNREFUSED|secret\.js|at \//);
    expect(response.headers?.['x-request-id']).toBe('req-123');
  });

  it('hands the error page the stage the handler passed in, and sandbox when reading it fails', async () => {
    const seen: (string | undefined)[] = [];
    const failing = (stage: () => 'production') =>
      httpEndpoint(
        async () => {
          throw new Error('boom');
        },
        {
          surface: 'console',
          renderError: (error, request) => {
            seen.push(request.stage);
            return renderPlainError(error, request);
          },
          logger: silent,
          metrics: () => NO_METRICS,
          stage,
        },
      );
    await failing(() => 'production')(apiEvent(), lambdaContext());
    await failing(() => {
      throw new Error('STAGE is not set');
    })(apiEvent(), lambdaContext());
    expect(seen).toEqual(['production', 'sandbox']);
  });
});

describe('gatewayEndpoint', () => {
  const failWith = (error: unknown) =>
    gatewayEndpoint(container, async () => {
      throw error;
    });

  it('renders a domain error inside the transaction envelope with its catalogue code and status', async () => {
    const response = await failWith(new GatewayError('invalid_credentials'))(apiEvent(), lambdaContext());
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body)).toEqual({ transacao: { erro: { codigo: '001', mensagem: 'Credenciais inválidas' } } });
    expect(response.headers?.['x-request-id']).toBe('req-123');
  });

  it('keeps the transaction as it stands next to the error of a refused transition', async () => {
    const response = await failWith(
      new GatewayError('transition_not_allowed', 'Transação já capturada', { id: 7, status: 'paga' }),
    )(apiEvent(), lambdaContext());
    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body)).toEqual({
      transacao: { id: 7, status: 'paga', erro: { codigo: '007', mensagem: 'Transação já capturada' } },
    });
  });

  it('answers malformed JSON with 400 and an unknown failure with a JSON 500', async () => {
    const malformed = await failWith(new MalformedJsonError())(apiEvent(), lambdaContext());
    expect(malformed.statusCode).toBe(400);
    expect(JSON.parse(malformed.body).transacao.erro.codigo).toBe('005');
    const crashed = await failWith(new TypeError('x is undefined'))(apiEvent(), lambdaContext());
    expect(crashed.statusCode).toBe(500);
    expect(JSON.parse(crashed.body).transacao.erro).toEqual({ codigo: '099', mensagem: 'Erro interno; tente novamente' });
  });
});

describe('storageEndpoint', () => {
  const parse = (xml: string) => new XMLParser().parse(xml);

  it('renders S3 XML errors with the AWS code, status, resource and request id headers', async () => {
    const handler = storageEndpoint(container, async () => {
      throw new StorageError('NoSuchBucket');
    });
    const response = await handler(apiEvent({ path: '/photos' }), lambdaContext());
    expect(response.statusCode).toBe(404);
    expect(response.headers?.['content-type']).toBe('application/xml');
    expect(response.headers?.['x-amz-request-id']).toBe('req-123');
    expect(parse(response.body).Error).toEqual({
      Code: 'NoSuchBucket',
      Message: 'The specified bucket does not exist',
      Resource: '/photos',
      RequestId: 'req-123',
    });
  });

  it('escapes what it echoes and hides unknown errors behind InternalError', async () => {
    const signature = storageEndpoint(container, async () => {
      throw new StorageError('SignatureDoesNotMatch', undefined, { StringToSign: 'GET\n\n<&>' });
    });
    const response = await signature(apiEvent({ path: '/b/<script>' }), lambdaContext());
    expect(response.body).toContain('&lt;script&gt;');
    expect(parse(response.body).Error.StringToSign).toBe('GET\n\n<&>');
    const crashed = await storageEndpoint(container, async () => {
      throw new Error('boom at /var/task');
    })(apiEvent(), lambdaContext());
    expect(crashed.statusCode).toBe(500);
    expect(parse(crashed.body).Error.Code).toBe('InternalError');
    expect(crashed.body).not.toContain('/var/task');
  });
});

describe('request bodies', () => {
  it('decodes base64 bodies byte-exact', () => {
    const bytes = Buffer.from([0, 255, 128, 10, 13]);
    expect(bodyBytes({ body: bytes.toString('base64'), isBase64Encoded: true }).equals(bytes)).toBe(true);
    expect(bodyBytes({ body: null, isBase64Encoded: false }).length).toBe(0);
  });

  it('parses JSON whatever the Content-Type, and refuses malformed JSON', () => {
    const body = Buffer.from('{"token":"t","transacao":{}}').toString('base64');
    expect(jsonBody({ body, isBase64Encoded: true })).toEqual({ token: 't', transacao: {} });
    expect(jsonBody({ body: '', isBase64Encoded: false })).toBeUndefined();
    expect(() => jsonBody({ body: '{"token":', isBase64Encoded: false })).toThrow(MalformedJsonError);
  });
});

describe('access log', () => {
  it('redacts a secret path parameter (the Pix PSP callback URL) and keeps the rest of the path', async () => {
    const lines: string[] = [];
    const capture = createLogger({ level: 'INFO' });
    const original = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => {
      lines.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    try {
      const handler = httpEndpoint(async () => jsonResponse(200, {}), {
        surface: 'gateway',
        renderError: renderPlainError,
        logger: capture,
        metrics: () => NO_METRICS,
      });
      const secret = 'Zq9xW2bVf3Kc7Lp0Rt5Yh8Jn4Md6Gs1A';
      await handler(
        apiEvent({
          path: `/v1/pix/psp/m-demo/${secret}/pix`,
          pathParameters: { merchantId: 'm-demo', callbackSecret: secret },
        }),
        lambdaContext(),
      );
      const log = lines.join('');
      expect(log).toContain('/v1/pix/psp/m-demo/[REDACTED]/pix');
      expect(log).not.toContain(secret);
    } finally {
      process.stdout.write = original;
    }
  });
});
