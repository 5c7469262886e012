import { decodeProtectedHeader } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseBrCode } from '../../../lib/gateway/pix/br-code';
import { newMerchant, redirectBody } from '../../support/gateway';
import { httpFrom } from '../../support/http-from';
import { pixBody } from '../../support/pix';
import { testStack } from '../../support/stack';

/**
 * Issue 31: the URLs the gateway hands out (url_acesso, the BR Code's location, the location JWS's `jku`) come from
 * configuration (PUBLIC_BASE_URL, which the local stack sets to its own address) or API Gateway's context, never from
 * the Host or X-Forwarded-Proto a client sends.
 */
const { baseUrl } = testStack();
const FORGED = { host: 'evil.example', 'x-forwarded-proto': 'https' };
let token: string;

beforeAll(async () => {
  token = (await newMerchant()).token;
});

async function create(body: unknown) {
  const reply = await httpFrom('127.0.0.1', `${baseUrl}/v1/transacao`, {
    method: 'POST',
    headers: { ...FORGED, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(reply.status, reply.text).toBe(201);
  return JSON.parse(reply.text).transacao;
}

describe('a forged Host or X-Forwarded-Proto decides no URL the gateway hands out (issue 31)', () => {
  it("url_acesso of a redirect payment is on the service's own address", async () => {
    const transacao = await create(redirectBody(token, 'acquirerB_web'));
    expect(transacao.url_acesso).toMatch(new RegExp(`^${baseUrl}/v1/acquirerB_web/[0-9a-f-]{36}$`));
  });

  it("a Pix charge's url_acesso, BR Code location and the location JWS's jku are the service's own", async () => {
    const transacao = await create(pixBody(token));
    expect(transacao.url_acesso).toMatch(new RegExp(`^${baseUrl}/v1/pix/[0-9a-f-]{36}$`));
    const location = parseBrCode(transacao.detalhes.br_code).merchantAccount['25'] as string;
    expect(location.startsWith(`${baseUrl.replace(/^https?:\/\//, '')}/v1/pix/loc/`)).toBe(true);
    const jws = await httpFrom('127.0.0.1', `http://${location}`, { headers: FORGED });
    expect(jws.status).toBe(200);
    expect(decodeProtectedHeader(jws.text).jku).toBe(`${baseUrl}/v1/pix/jwks.json`);
  });
});
