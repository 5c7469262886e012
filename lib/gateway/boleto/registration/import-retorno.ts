import { createHash } from 'node:crypto';
import type { BoletoOccurrence } from '../../domain/boleto-moves';
import type { Transaction } from '../../domain/transaction';
import { transition } from '../../domain/transition';
import type { TransactionStore } from '../../transactions/ports';
import type { BoletoBankLookup } from '../bank-connection/boleto-bank-repository';
import type { BoletoMethod } from '../bank-registry';
import { type RetornoOccurrence, readRetorno } from '../cnab240/retorno-reader';
import { BoletoRegistrationError } from './boleto-registration-error';
import type { DueChargeIssuer } from './due-charge-issuer';
import type { RetornoRecord, RetornoStore } from './retorno-store';

export interface RetornoDependencies {
  store: Pick<TransactionStore, 'getOfMerchant' | 'apply'>;
  retornos: RetornoStore;
  banks: BoletoBankLookup;
  now: () => Date;
  /** The merchant's Pix PSP: a híbrido's `cobv` there is removed once the bank settles the boleto. */
  dueCharges?: Pick<DueChargeIssuer, 'withdraw'>;
}

/** What happened to one occurrence of the file. */
export interface OccurrenceOutcome {
  line: number;
  code: string;
  transactionId?: number;
  outcome: 'applied' | 'duplicate' | 'ignored';
  /** The transaction's status after it (applied or duplicate). */
  status?: string;
  reason?: string;
}

export interface RetornoReport extends RetornoRecord {
  alreadyImported: boolean;
  occurrences: OccurrenceOutcome[];
}

/** FEBRABAN's movement codes (C044) this gateway acts on; any other is listed as ignored. */
function occurrenceOf(occurrence: RetornoOccurrence, now: Date): BoletoOccurrence | undefined {
  const at = now.toISOString();
  switch (occurrence.code) {
    case '02':
      return { kind: 'registered' };
    case '03':
      return { kind: 'rejected', reason: occurrence.reasons || '03' };
    case '06':
    case '17':
      return {
        kind: 'paid',
        payment: { via: 'boleto', cents: occurrence.paidCents, on: occurrence.occurredOn ?? at.slice(0, 10), at },
      };
    case '09':
      return { kind: 'written_off' };
    default:
      return undefined;
  }
}

/** An occurrence's identity: the same one in this file twice, or in another file, is applied once. */
const keyOf = (occurrence: RetornoOccurrence) =>
  `${occurrence.code}:${occurrence.ourNumber}:${occurrence.occurredOn ?? '-'}:${occurrence.paidCents}`;

/**
 * `boleto retorno` (and the admin upload): the whole file is read and checked first (a malformed one is refused,
 * naming the line, before anything is applied); then each occurrence goes through the transaction's transition()
 * (its event, webhook, metric), once: occurrences already applied, from this file or another, are skipped.
 */
export async function importRetorno(
  deps: RetornoDependencies,
  input: { merchantId: string; method: BoletoMethod; content: string; by: string },
): Promise<RetornoReport> {
  const { merchantId, method } = input;
  const settings = await deps.banks.get(merchantId, method);
  if (!settings) throw new BoletoRegistrationError(`merchant ${merchantId} has no bank connection for ${method}`);
  const file = readRetorno(input.content);
  if (file.bankCode !== settings.code) {
    throw new BoletoRegistrationError(`the file is from bank ${file.bankCode}; this connection is with bank ${settings.code}`);
  }
  const sha256 = createHash('sha256').update(input.content, 'latin1').digest('hex');
  const previous = await deps.retornos.get(merchantId, method, sha256);
  if (previous) return { ...previous, alreadyImported: true, occurrences: [] };

  const outcomes: OccurrenceOutcome[] = [];
  for (const occurrence of file.occurrences) {
    outcomes.push(await applyOccurrence(deps, merchantId, method, occurrence, occurrenceOf(occurrence, deps.now()), input.by));
  }
  const count = (outcome: OccurrenceOutcome['outcome']) => outcomes.filter((o) => o.outcome === outcome).length;
  const record: RetornoRecord = {
    sha256,
    sequence: file.sequence,
    importedAt: deps.now().toISOString(),
    applied: count('applied'),
    duplicates: count('duplicate'),
    ignored: count('ignored'),
  };
  await deps.retornos.record(merchantId, method, record);
  return { ...record, alreadyImported: false, occurrences: outcomes };
}

/** Moves one boleto; a write that lost a race with another move is retried on what is stored now. */
async function applyOccurrence(
  deps: RetornoDependencies,
  merchantId: string,
  method: BoletoMethod,
  occurrence: RetornoOccurrence,
  effect: BoletoOccurrence | undefined,
  by: string,
): Promise<OccurrenceOutcome> {
  const base = { line: occurrence.line, code: occurrence.code };
  const id = /^\d{1,15}$/.test(occurrence.documentNumber) ? Number(occurrence.documentNumber) : undefined;
  let transaction = id === undefined ? undefined : await deps.store.getOfMerchant(merchantId, id);
  if (!transaction || transaction.method !== method || transaction.boleto?.ourNumber !== occurrence.ourNumber) {
    return { ...base, outcome: 'ignored', reason: 'nenhum boleto desta loja com este número de documento e nosso número' };
  }
  if (!effect)
    return { ...base, transactionId: transaction.id, outcome: 'ignored', reason: `movimento ${occurrence.code} sem efeito` };
  const key = keyOf(occurrence);
  for (let attempt = 0; attempt < 5 && transaction; attempt++) {
    if (transaction.boleto?.occurrences.includes(key)) {
      return { ...base, transactionId: transaction.id, outcome: 'duplicate', status: transaction.status };
    }
    const move = transition(transaction, { type: 'boleto', occurrence: { ...effect, key }, at: deps.now().toISOString(), by });
    const result = await deps.store.apply(move);
    if (result.moved) {
      // Settled through the bank (paid, written off, rejected): the híbrido's cobv at the PSP must take no Pix now.
      const settled = transaction.status === 'aguardando_pagamento' && result.transaction.status !== 'aguardando_pagamento';
      if (settled) await deps.dueCharges?.withdraw(result.transaction);
      return { ...base, transactionId: transaction.id, outcome: 'applied', status: result.transaction.status };
    }
    transaction = result.current as Transaction | undefined;
  }
  throw new Error(`Boleto ${id}: the retorno's occurrence at line ${occurrence.line} kept losing races; import the file again`);
}
