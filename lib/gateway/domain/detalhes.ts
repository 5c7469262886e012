import type { AcquirerReference } from '../acquirers/acquirer';
import { type CardSummary, maskedPan } from './card';
import type { Processor } from './payment-methods';

export type Detalhes = Record<string, string | null>;

/** bankA_shopline's redirect response carries these keys, all null, from creation on (spec). */
export function emptyShoplineDetalhes(): Detalhes {
  return { nsu: null, tipo_pagamento: null, data_pagamento: null, numero_autorizacao: null, tipo_cartao: null };
}

/** `detalhes` per processor (DESIGN §4), from what the acquirer returned. `pan` is masked, never the PAN. */
export function detalhesFor(
  processor: Exclude<Processor, 'boleto' | 'pix'>,
  reference: AcquirerReference,
  card: CardSummary | undefined,
  operationType: string,
): Detalhes {
  switch (processor) {
    case 'acquirerA':
      return {
        tid: reference.tid,
        nsu: reference.nsu,
        pan: card ? maskedPan(card) : null,
        arp: reference.authorizationCode,
        lr: reference.returnCode,
        ...acquirerMessage(reference),
      };
    case 'acquirerB':
      return {
        numero_sequencial: reference.nsu,
        numero_comprovante_venda: reference.tid.slice(-12),
        numero_autenticacao: reference.authorizationCode ? reference.tid.slice(-6) : null,
        numero_autorizacao: reference.authorizationCode,
        url_comprovante: null,
        ...(reference.returnMessage === undefined ? {} : { codigo_retorno: reference.returnCode }),
        ...acquirerMessage(reference),
      };
    case 'bankA_shopline': {
      const [year, month, day] = reference.at.slice(0, 10).split('-');
      return {
        nsu: reference.nsu,
        tipo_pagamento: 'cartao',
        data_pagamento: `${day}/${month}/${year}`,
        numero_autorizacao: reference.authorizationCode,
        tipo_cartao: operationType === 'debito' ? 'debito' : 'credito',
      };
    }
  }
}

/** A real acquirer's own words about its return code (production connections; the sandbox's references have none). */
function acquirerMessage(reference: AcquirerReference): Detalhes {
  return reference.returnMessage === undefined ? {} : { mensagem_retorno: reference.returnMessage };
}
