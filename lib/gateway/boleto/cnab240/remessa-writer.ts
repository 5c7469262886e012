import type { BoletoBankAccount, BoletoCharges } from '../../domain/boleto-record';
import type { Buyer } from '../../domain/transaction';
import { splitDigit } from '../bank-connection/bank-layouts';
import { alpha, blank, CNAB_NEWLINE, date8, numeric, record } from './cnab-fields';

/** Movement codes of the remessa (FEBRABAN C004): 01 entrada de título, 02 pedido de baixa. */
export type RemessaInstruction = '01' | '02';

export interface RemessaTitle {
  instruction: RemessaInstruction;
  /** The transaction id: the "seu número" (número do documento) and the company's own identification. */
  transactionId: number;
  ourNumber: string;
  /** ISO dates. */
  dueDate: string;
  issueDate: string;
  amountCents: number;
  charges: BoletoCharges;
  payer: Buyer;
}

export interface RemessaFile {
  account: BoletoBankAccount;
  /** CPF or CNPJ (digits) and name of the beneficiary. */
  documento: string;
  companyName: string;
  bankName: string;
  /** NSA: the file's sequence number with this bank. */
  sequence: number;
  generatedAt: Date;
  titles: RemessaTitle[];
}

/** FEBRABAN layout versions this writer follows (v10.x): file 103, batch of cobrança 060. */
const FILE_LAYOUT = '103';
const BATCH_LAYOUT = '060';

/**
 * A CNAB 240 remessa de cobrança: header de arquivo, one lote (header, segments P and Q per title, R when multa, juros
 * or desconto are set; P only for a baixa), trailers with the lote's record count and the titles' total.
 */
export function writeRemessa(file: RemessaFile): string {
  const lines: string[] = [fileHeader(file), batchHeader(file)];
  let sequence = 0;
  for (const title of file.titles) {
    lines.push(segmentP(file, title, ++sequence));
    if (title.instruction === '01') {
      lines.push(segmentQ(file, title, ++sequence));
      if (needsSegmentR(title.charges)) lines.push(segmentR(file, title, ++sequence));
    }
  }
  // The lote: its header, the details and its trailer (the file header is outside it).
  const batchRecords = lines.length;
  const total = file.titles.reduce((sum, title) => sum + title.amountCents, 0);
  lines.push(batchTrailer(file, batchRecords, file.titles.length, total));
  lines.push(fileTrailer(file, lines.length + 1));
  return lines.map((line) => `${line}${CNAB_NEWLINE}`).join('');
}

export function needsSegmentR(charges: BoletoCharges): boolean {
  return (
    charges.multaBasisPoints !== undefined || charges.jurosMonthlyBasisPoints !== undefined || charges.desconto !== undefined
  );
}

/** The company's account as every header and segment P carry it: agência (5) + DV, conta (12) + DV, DV ag/conta. */
function accountFields(account: BoletoBankAccount): string[] {
  const agencia = splitDigit(account.agencia);
  const conta = splitDigit(account.conta);
  return [numeric(agencia.number, 5), alpha(agencia.digit, 1), numeric(conta.number, 12), alpha(conta.digit, 1), blank(1)];
}

const inscriptionType = (documento: string) => (documento.length === 14 ? '2' : '1');

/** The beneficiary as both headers carry it: CPF/CNPJ (14 digits in the file's header, 15 in the lote's), convênio, account, name. */
function company(file: RemessaFile, documentLength: number): string[] {
  return [
    inscriptionType(file.documento),
    numeric(file.documento, documentLength),
    alpha(file.account.convenio, 20),
    ...accountFields(file.account),
    alpha(file.companyName, 30),
  ];
}

function fileHeader(file: RemessaFile): string {
  const at = file.generatedAt.toISOString();
  return record([
    numeric(file.account.code, 3),
    '0000',
    '0',
    blank(9),
    ...company(file, 14),
    alpha(file.bankName, 30),
    blank(10),
    '1', // remessa
    date8(at),
    at.slice(11, 19).replace(/:/g, ''),
    numeric(file.sequence, 6),
    FILE_LAYOUT,
    '00000',
    blank(20),
    blank(20),
    blank(29),
  ]);
}

function batchHeader(file: RemessaFile): string {
  return record([
    numeric(file.account.code, 3),
    '0001',
    '1',
    'R',
    '01', // cobrança
    blank(2),
    BATCH_LAYOUT,
    blank(1),
    ...company(file, 15),
    blank(40),
    blank(40),
    numeric(file.sequence, 8),
    date8(file.generatedAt.toISOString()),
    '00000000',
    blank(33),
  ]);
}

function detailStart(file: RemessaFile, sequence: number, segment: string, instruction: RemessaInstruction): string[] {
  return [numeric(file.account.code, 3), '0001', '3', numeric(sequence, 5), segment, blank(1), instruction];
}

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString();

function segmentP(file: RemessaFile, title: RemessaTitle, sequence: number): string {
  const { charges } = title;
  const juros = charges.jurosMonthlyBasisPoints;
  const desconto = charges.desconto;
  return record([
    ...detailStart(file, sequence, 'P', title.instruction),
    ...accountFields(file.account),
    alpha(title.ourNumber, 20),
    '1', // carteira: cobrança simples
    '1', // com cadastramento
    '1', // tradicional
    '2', // o beneficiário emite o boleto
    '2', // o beneficiário distribui
    alpha(String(title.transactionId), 15),
    date8(title.dueDate),
    numeric(title.amountCents, 15),
    '00000',
    blank(1),
    '99', // espécie: outros
    'N',
    date8(title.issueDate),
    juros === undefined ? '3' : '2', // 2: taxa mensal; 3: isento
    juros === undefined ? '00000000' : date8(addDays(title.dueDate, 1)),
    numeric(juros ?? 0, 15),
    desconto ? '1' : '0', // 1: valor fixo até a data
    date8(desconto?.until),
    numeric(desconto?.cents ?? 0, 15),
    numeric(0, 15), // IOF
    numeric(0, 15), // abatimento
    alpha(String(title.transactionId), 25),
    '3', // não protestar
    '00',
    charges.diasBaixa === undefined ? '2' : '1', // 1: baixar após o prazo; 2: não baixar
    numeric(charges.diasBaixa ?? 0, 3),
    '09', // real
    numeric(0, 10),
    blank(1),
  ]);
}

function segmentQ(file: RemessaFile, title: RemessaTitle, sequence: number): string {
  const payer = title.payer;
  const documento = (payer.documento ?? '').replace(/\D/g, '');
  const cep = (payer.cep ?? '').replace(/\D/g, '').padEnd(8, '0');
  const street = [payer.endereco, payer.numero, payer.complemento].filter(Boolean).join(' ');
  return record([
    ...detailStart(file, sequence, 'Q', title.instruction),
    inscriptionType(documento),
    numeric(documento, 15),
    alpha(payer.nome, 40),
    alpha(street, 40),
    alpha(payer.bairro, 15),
    cep.slice(0, 5),
    cep.slice(5, 8),
    alpha(payer.cidade, 15),
    alpha(payer.estado, 2),
    '0',
    numeric(0, 15),
    blank(40),
    '000',
    blank(20),
    blank(8),
  ]);
}

function segmentR(file: RemessaFile, title: RemessaTitle, sequence: number): string {
  const multa = title.charges.multaBasisPoints;
  return record([
    ...detailStart(file, sequence, 'R', title.instruction),
    '0',
    '00000000',
    numeric(0, 15),
    '0',
    '00000000',
    numeric(0, 15),
    multa === undefined ? '0' : '2', // 2: percentual
    multa === undefined ? '00000000' : date8(addDays(title.dueDate, 1)),
    numeric(multa ?? 0, 15),
    blank(10),
    blank(40),
    blank(40),
    blank(20),
    numeric(0, 8),
    '000',
    '00000',
    blank(1),
    numeric(0, 12),
    blank(1),
    blank(1),
    '0',
    blank(9),
  ]);
}

function batchTrailer(file: RemessaFile, records: number, titles: number, totalCents: number): string {
  return record([
    numeric(file.account.code, 3),
    '0001',
    '5',
    blank(9),
    numeric(records, 6),
    numeric(titles, 6),
    numeric(totalCents, 17),
    numeric(0, 6),
    numeric(0, 17),
    numeric(0, 6),
    numeric(0, 17),
    numeric(0, 6),
    numeric(0, 17),
    blank(8),
    blank(117),
  ]);
}

function fileTrailer(file: RemessaFile, records: number): string {
  return record([
    numeric(file.account.code, 3),
    '9999',
    '9',
    blank(9),
    numeric(1, 6),
    numeric(records, 6),
    numeric(0, 6),
    blank(205),
  ]);
}
