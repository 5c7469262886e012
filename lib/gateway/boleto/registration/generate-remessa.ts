import type { Transaction } from '../../domain/transaction';
import { bankLayoutOf } from '../bank-connection/bank-layouts';
import type { BoletoBankLookup } from '../bank-connection/boleto-bank-repository';
import type { BoletoMethod } from '../bank-registry';
import { type RemessaTitle, writeRemessa } from '../cnab240/remessa-writer';
import { BoletoRegistrationError } from './boleto-registration-error';
import type { QueuedInstruction, RemessaRecord, RemessaStore } from './remessa-store';

export interface RemessaDependencies {
  remessas: RemessaStore;
  banks: BoletoBankLookup;
  now: () => Date;
}

/** A claim older than this whose file was never stored belonged to a run that died: another run may take it. */
const STALE_CLAIM_MS = 15 * 60_000;

/**
 * `boleto remessa`: every instruction queued for the merchant's bank (new boletos' entradas, baixas asked by
 * `estornar`) claimed by this run (a conditional write each: two runs at once never share one), written as one CNAB
 * 240 file, stored (blob bucket + a record to list it), then taken off the queue. Undefined when nothing is queued.
 */
export async function generateRemessa(
  deps: RemessaDependencies,
  input: { merchantId: string; method: BoletoMethod },
): Promise<{ record: RemessaRecord; content: string } | undefined> {
  const { merchantId, method } = input;
  const settings = await deps.banks.get(merchantId, method);
  if (!settings) throw new BoletoRegistrationError(`merchant ${merchantId} has no bank connection for ${method}`);
  const queued = await deps.remessas.queued(merchantId, method);
  const now = deps.now();
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
  const open = await Promise.all(
    queued.map(
      async (entry) =>
        !entry.claimedBy ||
        (entry.claimedAt! < staleBefore && !(await deps.remessas.exists(merchantId, method, entry.claimedBy))),
    ),
  );
  const candidates = queued.filter((_, index) => open[index]);
  if (candidates.length === 0) return undefined;

  const sequence = await deps.remessas.nextSequence(merchantId, method);
  const fileId = String(sequence).padStart(8, '0');
  const claimed: QueuedInstruction[] = [];
  for (const entry of candidates) {
    if (await deps.remessas.claim(merchantId, method, entry, fileId, now.toISOString(), staleBefore)) claimed.push(entry);
  }
  if (claimed.length === 0) return undefined;

  const transactions = new Map(
    (await deps.remessas.transactions(claimed.map((entry) => entry.transactionId))).map((tx) => [tx.id, tx]),
  );
  const sendable = claimed.filter((entry) => isSendable(entry, transactions.get(entry.transactionId)));
  const titles = sendable.map((entry) => titleOf(transactions.get(entry.transactionId) as Transaction, entry));
  if (titles.length === 0) {
    // Everything claimed was settled meanwhile (paid by Pix before its entrada): nothing to send, no empty file.
    await Promise.all(claimed.map((entry) => deps.remessas.release(merchantId, method, entry)));
    return undefined;
  }
  const first = transactions.values().next().value as Transaction | undefined;
  const content = writeRemessa({
    account: settings,
    documento: settings.documento,
    companyName: first?.merchantName ?? merchantId,
    bankName: bankLayoutOf(settings.code).name,
    sequence,
    generatedAt: now,
    titles,
  });
  const record = await deps.remessas.save(
    {
      fileId,
      merchantId,
      method,
      sequence,
      fileName: `CB${now.toISOString().slice(0, 10).replace(/-/g, '')}${fileId}.REM`,
      titles: titles.length,
      totalCents: titles.reduce((sum, title) => sum + title.amountCents, 0),
      entries: titles.map((title) => ({ transactionId: title.transactionId, instruction: title.instruction })),
      createdAt: now.toISOString(),
    },
    content,
  );
  await Promise.all(claimed.map((entry) => deps.remessas.release(merchantId, method, entry)));
  return { record, content };
}

/**
 * An entrada only for a boleto still awaiting payment (one paid by Pix, rejected or cancelled before its turn has
 * nothing to register); a baixa also for a híbrido paid by Pix (the bank must stop taking the boleto).
 */
function isSendable(entry: QueuedInstruction, transaction: Transaction | undefined): boolean {
  if (!transaction) return false;
  if (transaction.status === 'aguardando_pagamento') return true;
  return entry.instruction === '02' && transaction.boleto?.payment?.via === 'pix';
}

function titleOf(transaction: Transaction, entry: QueuedInstruction): RemessaTitle {
  const boleto = transaction.boleto;
  if (!boleto || !transaction.dueDate) throw new Error(`Transaction ${transaction.id} is not a registered boleto`);
  return {
    instruction: entry.instruction,
    transactionId: transaction.id,
    ourNumber: boleto.ourNumber,
    dueDate: transaction.dueDate,
    issueDate: transaction.createdAt.slice(0, 10),
    amountCents: transaction.totalCents,
    charges: transaction.boletoCharges ?? {},
    payer: transaction.buyer ?? {},
  };
}
