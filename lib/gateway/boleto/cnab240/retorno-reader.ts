import { CNAB_LINE_LENGTH } from './cnab-fields';
import { CnabFileError } from './cnab-file-error';

/** One title's occurrence in a retorno: its segment T and segment U read together. */
export interface RetornoOccurrence {
  /** The line of its segment T (1-based). */
  line: number;
  /** Código de movimento retorno (FEBRABAN C044): 02 entrada confirmada, 03 rejeitada, 06 liquidação, 09 baixa, ... */
  code: string;
  ourNumber: string;
  /** Número do documento: the transaction id the remessa sent as "seu número". */
  documentNumber: string;
  nominalCents: number;
  /** What the payer paid (juros and multa in, desconto out): U 078-092. */
  paidCents: number;
  chargesCents: number;
  discountCents: number;
  /** ISO date of the occurrence (U 138-145); undefined when the bank sent zeros. */
  occurredOn?: string;
  /** The bank's reason codes (T 214-223), e.g. a rejection's. */
  reasons: string;
}

export interface RetornoFile {
  bankCode: string;
  convenio: string;
  /** NSA: the bank's file sequence number. */
  sequence: number;
  occurrences: RetornoOccurrence[];
}

/** 1-based, inclusive positions, as FEBRABAN's tables give them. */
const at = (line: string, from: number, to: number) => line.slice(from - 1, to);

/**
 * A CNAB 240 retorno de cobrança, checked before anything is applied: every line 240 characters, records in order
 * (header de arquivo, per lote its header, T/U pairs and trailer, trailer de arquivo), numbers numeric, dates real,
 * each trailer's counts right. The first problem refuses the file, naming its line.
 */
export function readRetorno(text: string): RetornoFile {
  const lines = text.replace(/\r?\n$/, '').split(/\r?\n/);
  lines.forEach((line, index) => {
    if (line.length !== CNAB_LINE_LENGTH) throw new CnabFileError(index + 1, `tem ${line.length} caracteres, não 240`);
  });
  const reader = new LineReader(lines);
  const header = reader.next('0');
  if (at(header, 143, 143) !== '2') throw new CnabFileError(1, 'o header de arquivo não é de retorno (posição 143 ≠ 2)');
  const bankCode = reader.digits(header, 1, 3, 'código do banco');
  const file: RetornoFile = {
    bankCode,
    convenio: at(header, 33, 52).trim(),
    sequence: Number(reader.digits(header, 158, 163, 'número sequencial do arquivo')),
    occurrences: [],
  };
  let batches = 0;
  while (reader.peekType() === '1') {
    batches++;
    file.occurrences.push(...readBatch(reader, bankCode));
  }
  const trailer = reader.next('9');
  const trailerLine = reader.position;
  if (Number(reader.digits(trailer, 18, 23, 'quantidade de lotes')) !== batches) {
    throw new CnabFileError(
      trailerLine,
      `o trailer de arquivo conta ${Number(at(trailer, 18, 23))} lotes; o arquivo tem ${batches}`,
    );
  }
  if (Number(reader.digits(trailer, 24, 29, 'quantidade de registros')) !== lines.length) {
    throw new CnabFileError(
      trailerLine,
      `o trailer de arquivo conta ${Number(at(trailer, 24, 29))} registros; o arquivo tem ${lines.length}`,
    );
  }
  if (reader.position !== lines.length) throw new CnabFileError(reader.position + 1, 'há registros depois do trailer de arquivo');
  return file;
}

function readBatch(reader: LineReader, bankCode: string): RetornoOccurrence[] {
  const header = reader.next('1');
  const first = reader.position;
  reader.sameBank(header, bankCode);
  if (at(header, 9, 9) !== 'T' || at(header, 10, 11) !== '01') {
    throw new CnabFileError(first, 'o lote não é um retorno de cobrança (operação T, serviço 01)');
  }
  const occurrences: RetornoOccurrence[] = [];
  while (reader.peekType() === '3') {
    const t = reader.next('3');
    const tLine = reader.position;
    reader.sameBank(t, bankCode);
    if (at(t, 14, 14) !== 'T') throw new CnabFileError(tLine, `segmento ${at(t, 14, 14)} onde se esperava o segmento T`);
    const u = reader.next('3');
    const uLine = reader.position;
    reader.sameBank(u, bankCode);
    if (at(u, 14, 14) !== 'U') throw new CnabFileError(uLine, `segmento ${at(u, 14, 14)} onde se esperava o segmento U`);
    const code = reader.digits(t, 16, 17, 'código de movimento');
    if (at(u, 16, 17) !== code) throw new CnabFileError(uLine, 'o segmento U não tem o código de movimento do seu segmento T');
    const ourNumber = at(t, 38, 57).trim();
    if (ourNumber === '') throw new CnabFileError(tLine, 'nosso número em branco');
    occurrences.push({
      line: tLine,
      code,
      ourNumber,
      documentNumber: at(t, 59, 73).trim(),
      nominalCents: Number(reader.digits(t, 82, 96, 'valor nominal')),
      chargesCents: Number(reader.digits(u, 18, 32, 'juros/multa/encargos')),
      discountCents: Number(reader.digits(u, 33, 47, 'desconto concedido')),
      paidCents: Number(reader.digits(u, 78, 92, 'valor pago')),
      occurredOn: reader.date(u, 138, 145, 'data da ocorrência'),
      reasons: at(t, 214, 223).trim(),
    });
  }
  const trailer = reader.next('5');
  const records = reader.position - first + 1;
  if (Number(reader.digits(trailer, 18, 23, 'quantidade de registros do lote')) !== records) {
    throw new CnabFileError(
      reader.position,
      `o trailer de lote conta ${Number(at(trailer, 18, 23))} registros; o lote tem ${records}`,
    );
  }
  return occurrences;
}

/** Walks the lines in order; `position` is the 1-based number of the last line read. */
class LineReader {
  position = 0;

  constructor(private readonly lines: string[]) {}

  peekType(): string | undefined {
    const line = this.lines[this.position];
    return line === undefined ? undefined : at(line, 8, 8);
  }

  next(type: string): string {
    const line = this.lines[this.position];
    if (line === undefined)
      throw new CnabFileError(this.position + 1, `o arquivo termina onde se esperava um registro tipo ${type}`);
    this.position++;
    if (at(line, 8, 8) !== type) {
      throw new CnabFileError(this.position, `registro tipo ${at(line, 8, 8)} onde se esperava o tipo ${type}`);
    }
    return line;
  }

  digits(line: string, from: number, to: number, field: string): string {
    const value = at(line, from, to);
    if (!/^\d+$/.test(value)) throw new CnabFileError(this.position, `${field} (posições ${from}-${to}) não é numérico`);
    return value;
  }

  date(line: string, from: number, to: number, field: string): string | undefined {
    const value = this.digits(line, from, to, field);
    if (value === '00000000') return undefined;
    const iso = `${value.slice(4)}-${value.slice(2, 4)}-${value.slice(0, 2)}`;
    const parsed = new Date(`${iso}T00:00:00Z`);
    if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso) {
      throw new CnabFileError(this.position, `${field} (posições ${from}-${to}) não é uma data DDMMAAAA`);
    }
    return iso;
  }

  sameBank(line: string, bankCode: string): void {
    if (at(line, 1, 3) !== bankCode) throw new CnabFileError(this.position, 'código do banco diferente do header de arquivo');
  }
}
