import { describe, expect, it } from 'vitest';
import { readSeedFile } from '../../scripts/shared/seed';
import { logOnceItContains } from '../support/log-lines';
import { testStack } from '../support/stack';

const { baseUrl } = testStack();
const seed = readSeedFile('config/seed.local.json');
const CARD = '4111111111111111';
const CVV = '737';

describe('what the functions and serverless offline log', () => {
  it('never contains a token, password, secret key or card number sent to the service', async () => {
    const merchant = seed.merchants![0]!;
    const user = seed.storageUsers![0]!;
    const health = await fetch(
      `${baseUrl}/v1/health?token=${merchant.token}&password=${encodeURIComponent(merchant.admin!.password)}`,
      {
        headers: { authorization: `AWS ${user.accessKey}:${user.secretKey}`, cookie: `session=${merchant.token}` },
      },
    );
    expect(health.status).toBe(200);
    const requestId = health.headers.get('x-request-id');
    const echo = await fetch(`${baseUrl}/v1/_diagnostics/echo?Signature=${encodeURIComponent(user.secretKey)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: merchant.token, transacao: { pagamento: { cartao_numero: CARD, cartao_cvv: CVV } } }),
    });
    expect(echo.status).toBe(200);
    const echoId = echo.headers.get('x-request-id')!;
    const log = await logOnceItContains(echoId);
    // The run did log these requests (so the search below is not vacuous)...
    expect(log).toContain(requestId);
    expect(log).toMatch(/"path":"\/v1\/_diagnostics\/echo"/);
    expect(log).toContain('[REDACTED]');
    // ...and none of the secrets it carried.
    for (const secret of [
      merchant.token,
      merchant.admin!.password,
      user.secretKey,
      encodeURIComponent(user.secretKey),
      CARD,
      `"${CVV}"`,
    ]) {
      expect(log, `log contains ${secret}`).not.toContain(secret);
    }
  });
});
