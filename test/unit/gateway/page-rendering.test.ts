import { describe, expect, it } from 'vitest';
import { AcquirerUnavailableError } from '../../../lib/gateway/acquirers/acquirer';
import { GatewayError } from '../../../lib/gateway/errors';
import { renderPageError } from '../../../lib/gateway/http/page-endpoint';
import { isAuthenticationCode, sandboxAuthenticationCode } from '../../../lib/gateway/pages/authentication-code';
import { cardFormErrors, normaliseExpiry } from '../../../lib/gateway/pages/card-form-errors';

const request = { requestId: 'req-1', path: '/v1/acquirerB_web/x', method: 'GET' };

describe('page error renderer', () => {
  it('renders 404, 503 and a 500 that reveals nothing, all as HTML with the pages’ headers', () => {
    const notFound = renderPageError(new GatewayError('not_found', 'Página não encontrada'), request);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).toContain('Página não encontrada');
    const unavailable = renderPageError(new AcquirerUnavailableError('Sem conector'), request);
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.body).toContain('Sem conector');
    const internal = renderPageError(new Error('DynamoDB table gwstore-x exploded at line 42'), request);
    expect(internal.statusCode).toBe(500);
    expect(internal.body).not.toMatch(/DynamoDB|exploded|line 42/);
    expect(internal.body).toContain('req-1');
    for (const response of [notFound, unavailable, internal]) {
      expect(response.headers?.['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers?.['x-frame-options']).toBe('DENY');
    }
  });
});

describe('card form helpers', () => {
  it('put the use case’s field error next to its field, and read expiry as typed', () => {
    expect(cardFormErrors(new GatewayError('invalid_request', 'transacao.pagamento.cartao_cvv: visa usa 3 dígitos'))).toEqual({
      cartao_cvv: 'Visa usa 3 dígitos.',
    });
    expect(
      cardFormErrors(new GatewayError('invalid_request', 'transacao.pagamento.cartao_numero: campo obrigatório para pagamento')),
    ).toEqual({ cartao_numero: 'Preencha este campo.' });
    expect(cardFormErrors(new GatewayError('invalid_request', 'something else'))).toHaveProperty('form');
    expect(normaliseExpiry('08/2031')).toBe('082031');
    expect(normaliseExpiry('08/31')).toBe('082031');
    expect(normaliseExpiry(undefined)).toBe('');
  });

  it('derives one 6-digit sandbox code per page and secret', () => {
    const code = sandboxAuthenticationCode('s'.repeat(40), 'page-1');
    expect(code).toMatch(/^\d{6}$/);
    expect(sandboxAuthenticationCode('s'.repeat(40), 'page-2')).not.toBe(code);
    expect(isAuthenticationCode('s'.repeat(40), 'page-1', ` ${code} `)).toBe(true);
    expect(isAuthenticationCode('s'.repeat(40), 'page-2', code)).toBe(false);
    expect(isAuthenticationCode('s'.repeat(40), 'page-1', undefined)).toBe(false);
  });
});
