import { writeCnab240Record } from './febraban-reader';

/** One title's occurrence as a bank reports it. */
export interface RetornoEntry {
  /** Código de movimento retorno: 02, 03, 06, 09, 17, ... */
  code: string;
  ourNumber: string;
  documentNumber: string;
  nominalCents: number;
  paidCents?: number;
  chargesCents?: number;
  discountCents?: number;
  /** DDMMAAAA. */
  occurredOn?: string;
  reasons?: string;
}

/** A bank's CNAB 240 retorno de cobrança, built from FEBRABAN's layout (test-only, as a bank would send it). */
export function buildRetorno(file: { bank: string; convenio: string; sequence: number; entries: RetornoEntry[] }): string {
  const control = (registro: string, lote = '0001') => ({ banco: file.bank, lote, registro });
  const lines = [
    writeCnab240Record('headerArquivo', {
      ...control('0', '0000'),
      tipoInscricao: 2,
      inscricao: '12345678000195',
      convenio: file.convenio,
      codigoRemessaRetorno: 2,
      dataGeracao: '01122030',
      horaGeracao: '080000',
      sequencial: file.sequence,
      versaoLayout: '103',
    }),
    writeCnab240Record('headerLote', {
      ...control('1'),
      operacao: 'T',
      servico: '01',
      versaoLayoutLote: '060',
      tipoInscricao: 2,
      inscricao: '12345678000195',
      convenio: file.convenio,
      numeroRemessaRetorno: file.sequence,
    }),
  ];
  let sequence = 0;
  for (const entry of file.entries) {
    const detail = (segmento: string) => ({ ...control('3'), numeroRegistro: ++sequence, segmento, movimento: entry.code });
    lines.push(
      writeCnab240Record('T', {
        ...detail('T'),
        nossoNumero: entry.ourNumber,
        numeroDocumento: entry.documentNumber,
        vencimento: '31122030',
        valorNominal: entry.nominalCents,
        moeda: '09',
        motivos: entry.reasons ?? '',
      }),
      writeCnab240Record('U', {
        ...detail('U'),
        encargos: entry.chargesCents ?? 0,
        descontoConcedido: entry.discountCents ?? 0,
        valorPago: entry.paidCents ?? 0,
        valorLiquido: entry.paidCents ?? 0,
        dataOcorrencia: entry.occurredOn ?? '00000000',
      }),
    );
  }
  lines.push(writeCnab240Record('trailerLote', { ...control('5'), quantidadeRegistros: lines.length }));
  lines.push(
    writeCnab240Record('trailerArquivo', { ...control('9', '9999'), quantidadeLotes: 1, quantidadeRegistros: lines.length + 1 }),
  );
  return `${lines.join('\r\n')}\r\n`;
}
