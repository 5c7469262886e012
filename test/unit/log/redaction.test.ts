import { describe, expect, it } from 'vitest';
import { createLogger, maskCardNumbers, maskCardNumbersDeep, redactingReplacer } from '../../../lib/log';

const CARD = '4111111111111111';

describe('redactingReplacer', () => {
  it('redacts sensitive keys at any depth, whatever their case or separator', () => {
    const record = {
      transacao: { pagamento: { cartao_numero: CARD, cartao_cvv: '123', bandeira: 'visa' } },
      token: 'tok',
      headers: { Authorization: 'AWS key:sig', 'X-Amz-Security-Token': 'st' },
      user: { secretKey: 'sk', Password: 'pw' },
    };
    const text = JSON.stringify(record, redactingReplacer);
    for (const secret of [CARD, '"123"', '"tok"', 'key:sig', '"st"', '"sk"', '"pw"']) expect(text).not.toContain(secret);
    expect(JSON.parse(text).transacao.pagamento.bandeira).toBe('visa');
  });

  it('masks card numbers inside free text only when they pass Luhn', () => {
    expect(maskCardNumbers(`paid with ${CARD} today`)).toBe('paid with [REDACTED PAN] today');
    expect(maskCardNumbers('card 4111 1111 1111 1111')).toBe('card [REDACTED PAN]');
    expect(maskCardNumbers('order 1234567890123456')).toBe('order 1234567890123456');
  });

  it('masks card numbers glued to letters or underscores, and leaves longer digit runs alone', () => {
    expect(maskCardNumbers(`/v1/x${CARD}`)).toBe('/v1/x[REDACTED PAN]');
    expect(maskCardNumbers(`id_${CARD}_end`)).toBe('id_[REDACTED PAN]_end');
    expect(maskCardNumbers(`9${CARD}9999`)).toBe(`9${CARD}9999`);
  });

  it('masks card numbers in every string of a value, at any depth, and keeps the rest as it is', () => {
    const envelope = {
      transacao: { id: 7, erro: { codigo: '006', mensagem: `Transação ${CARD} não encontrada` }, tags: [CARD] },
    };
    expect(maskCardNumbersDeep(envelope)).toEqual({
      transacao: {
        id: 7,
        erro: { codigo: '006', mensagem: 'Transação [REDACTED PAN] não encontrada' },
        tags: ['[REDACTED PAN]'],
      },
    });
    expect(maskCardNumbersDeep(undefined)).toBeUndefined();
  });
});

describe('createLogger', () => {
  it('writes JSON lines with no card data, token or password', () => {
    const lines: string[] = [];
    const streams = [process.stdout, process.stderr];
    const originals = streams.map((stream) => stream.write);
    for (const stream of streams) {
      stream.write = ((chunk: string) => {
        lines.push(String(chunk));
        return true;
      }) as typeof stream.write;
    }
    try {
      const log = createLogger({ level: 'DEBUG' });
      log.info('creating transaction', {
        body: { token: 'merchant-token-1', transacao: { pagamento: { cartao_numero: CARD } } },
      });
      log.error(`failed for ${CARD}`, { password: 'hunter2' });
    } finally {
      streams.forEach((stream, i) => {
        stream.write = originals[i] as typeof stream.write;
      });
    }
    const output = lines.join('');
    expect(output).toContain('creating transaction');
    expect(output).toContain('failed for [REDACTED PAN]');
    expect(output).not.toContain(CARD);
    expect(output).not.toContain('merchant-token-1');
    expect(output).not.toContain('hunter2');
    expect(output).toContain('[REDACTED]');
  });
});
