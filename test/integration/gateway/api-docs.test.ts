import { describe, expect, it } from 'vitest';
import { createTransactionSchema } from '../../../schemas/create-transaction.schema';
import { testStack } from '../../support/stack';

const { baseUrl } = testStack();

describe('published API documents', () => {
  it('GET /v1/openapi.json is OpenAPI 3.1 built from schemas/, with the error catalogue', async () => {
    const response = await fetch(`${baseUrl}/v1/openapi.json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as any;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/v1/pix/jwks.json',
      '/v1/pix/loc/{locationId}',
      '/v1/transacao',
      '/v1/transacao/{id}',
      '/v1/transacao/{id}/capturar',
      '/v1/transacao/{id}/estornar',
      '/v1/transacao/{id}/simular_pagamento',
      '/v1/webhooks',
      '/v1/webhooks/{id}',
    ]);
    const published = doc.components.schemas.CreateTransactionRequest;
    expect(published.properties.transacao.properties.pagamento.properties.meio_pagamento.enum).toEqual(
      createTransactionSchema.properties.transacao.properties.pagamento.properties.meio_pagamento.enum,
    );
    expect(JSON.stringify(published)).not.toContain('transform');
    const codes = doc['x-error-catalogue'].map((entry: { codigo: string }) => entry.codigo);
    expect(codes).toEqual(expect.arrayContaining(['001', '002', '004', '006']));
  });

  it('GET /v1/docs is a readable page with every endpoint and error code, under a strict CSP', async () => {
    const response = await fetch(`${baseUrl}/v1/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    for (const text of [
      'POST /v1/transacao',
      'GET /v1/transacao/{id}',
      '/capturar',
      '/estornar',
      'transacao.pagamento.cartao_validade',
      '>006<',
    ]) {
      expect(html).toContain(text);
    }
  });
});
