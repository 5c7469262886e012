import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { compactVerify, createLocalJWKSet, createRemoteJWKSet, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CobPayloadError,
  cobPayloadOf,
  LOCAL_DEV_PIX_SIGNING_SEED,
  type LocationSigningKey,
  loadLocationSigningKey,
  localDevSigningKeyJwk,
  locationJwks,
  type PixCharge,
  SigningKeyError,
  signCobPayload,
} from '../../../../lib/gateway/pix/location';
import { COB_PAYLOAD } from '../../../support/fake-pix-psp/pix-api-schemas';
import { schemaChecker } from '../../../support/fake-pix-psp/schema-checker';

const CHARGE: PixCharge = {
  txid: 'fc9a4366ff3d4964b5dbc6c91a8722d3',
  revisao: 0,
  criacao: '2026-11-25T08:00:00.000Z',
  expiracao: 3600,
  status: 'ATIVA',
  valorOriginal: '123.45',
  chave: '7407c9c8-f78b-11ea-adc1-0242ac120002',
};
const PRESENTED = new Date('2026-11-25T08:05:30.250Z');
const checkCobPayload = schemaChecker(COB_PAYLOAD, 'cob');

/** A stand-in for this service's published JWKS endpoint: jose fetches the key from the URL the header names. */
let server: Server;
let jwksUrl: string;
let published: LocationSigningKey[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url !== '/v1/pix/jwks') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(locationJwks(published)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/pix/jwks`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('cobPayloadOf', () => {
  it('is the BCB CobPayload of the charge, presented now', () => {
    const payload = cobPayloadOf(CHARGE, PRESENTED);
    expect(payload).toEqual({
      calendario: { criacao: '2026-11-25T08:00:00.000Z', apresentacao: '2026-11-25T08:05:30.250Z', expiracao: 3600 },
      txid: CHARGE.txid,
      revisao: 0,
      status: 'ATIVA',
      valor: { original: '123.45' },
      chave: CHARGE.chave,
    });
    expect(checkCobPayload(payload)).toEqual([]);
    expect(checkCobPayload({ ...payload, status: 'PAGA' })).not.toEqual([]); // the schema check can fail
  });

  it('refuses a charge the schema would not allow', () => {
    const bad: Partial<PixCharge>[] = [
      { txid: 'short' },
      { revisao: -1 },
      { revisao: 1.5 },
      { expiracao: 0 },
      { status: 'PAGA' as never },
      { valorOriginal: '1.234' },
      { valorOriginal: '12' },
      { chave: '' },
      { chave: 'x'.repeat(78) },
      { criacao: 'yesterday' },
    ];
    for (const change of bad) {
      expect(() => cobPayloadOf({ ...CHARGE, ...change }, PRESENTED), JSON.stringify(change)).toThrow(CobPayloadError);
    }
  });
});

describe('the location JWS', () => {
  it('verifies with jose against the JWKS fetched from the jku of its header (local dev key, ES256)', async () => {
    const key = await loadLocationSigningKey(localDevSigningKeyJwk());
    published = [key];
    const jws = await signCobPayload(cobPayloadOf(CHARGE, PRESENTED), key, jwksUrl);
    const header = decodeProtectedHeader(jws);
    expect(header).toEqual({ alg: 'ES256', typ: 'JWS', kid: key.kid, jku: jwksUrl });
    const verified = await compactVerify(jws, createRemoteJWKSet(new URL(header.jku!)), { algorithms: ['ES256'] });
    const payload = JSON.parse(new TextDecoder().decode(verified.payload));
    expect(payload).toEqual(cobPayloadOf(CHARGE, PRESENTED));
    expect(checkCobPayload(payload)).toEqual([]);
  });

  it('fails verification once tampered with, or against another key', async () => {
    const key = await loadLocationSigningKey(localDevSigningKeyJwk());
    const jws = await signCobPayload(cobPayloadOf(CHARGE, PRESENTED), key, jwksUrl);
    const [head, body, signature] = jws.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...cobPayloadOf(CHARGE, PRESENTED), valor: { original: '0.01' } })).toString(
      'base64url',
    );
    const jwks = createLocalJWKSet(locationJwks([key]));
    await expect(compactVerify(`${head}.${forged}.${signature}`, jwks)).rejects.toThrow(/signature verification failed/);
    const other = await loadLocationSigningKey(localDevSigningKeyJwk('another seed'), { kid: key.kid });
    await expect(compactVerify(`${head}.${body}.${signature}`, createLocalJWKSet(locationJwks([other])))).rejects.toThrow();
  });

  it('signs with an RSA key given as PEM (RS256, as the BCB example) and PS256 on request', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    for (const [pem, rsaAlgorithm] of [
      [privateKey.export({ format: 'pem', type: 'pkcs1' }).toString(), 'RS256'],
      [privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), 'PS256'],
    ] as const) {
      const key = await loadLocationSigningKey(pem, { kid: 'psp-2026-11', rsaAlgorithm });
      published = [key];
      const jws = await signCobPayload(cobPayloadOf(CHARGE, PRESENTED), key, jwksUrl);
      expect(decodeProtectedHeader(jws)).toMatchObject({ alg: rsaAlgorithm, kid: 'psp-2026-11' });
      await expect(compactVerify(jws, createRemoteJWKSet(new URL(jwksUrl)))).resolves.toBeDefined();
    }
  });

  it('publishes public keys only', async () => {
    const ec = await loadLocationSigningKey(localDevSigningKeyJwk());
    const rsa = await loadLocationSigningKey(
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    );
    const jwks = locationJwks([ec, rsa]);
    for (const jwk of jwks.keys) {
      for (const privateMember of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(jwk).not.toHaveProperty(privateMember);
      expect(jwk).toMatchObject({ use: 'sig' });
    }
    expect(jwks.keys.map((jwk) => jwk.alg)).toEqual(['ES256', 'RS256']);
  });

  it('refuses keys it cannot use, without quoting them', async () => {
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' });
    const p384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).privateKey.export({ format: 'pem', type: 'pkcs8' });
    const garbage = '-----BEGIN PRIVATE KEY-----\nc2VjcmV0LWJ1dC1ub3QtYS1rZXk=\n-----END PRIVATE KEY-----';
    for (const key of [weak.toString(), p384.toString(), garbage]) {
      const error = await loadLocationSigningKey(key).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SigningKeyError);
      expect(String((error as Error).message)).not.toMatch(/BEGIN|c2VjcmV0/);
    }
  });
});

describe('the local development key', () => {
  it('is the same P-256 key on every call (stable kid), and another seed gives another key', async () => {
    expect(localDevSigningKeyJwk()).toEqual(localDevSigningKeyJwk(LOCAL_DEV_PIX_SIGNING_SEED));
    const first = await loadLocationSigningKey(localDevSigningKeyJwk());
    const second = await loadLocationSigningKey(localDevSigningKeyJwk());
    expect(first.kid).toBe(second.kid);
    expect(first.kid).toMatch(/^[A-Za-z0-9_-]{43}$/); // RFC 7638 SHA-256 thumbprint
    const other = await loadLocationSigningKey(localDevSigningKeyJwk('another seed'));
    expect(other.kid).not.toBe(first.kid);
    // The derived public point is on the curve: node rebuilt the public key from `d` and agrees with x and y.
    expect(first.publicJwk).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      x: localDevSigningKeyJwk().x,
      y: localDevSigningKeyJwk().y,
    });
  });
});
