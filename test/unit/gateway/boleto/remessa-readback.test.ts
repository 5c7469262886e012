import { describe, expect, it } from 'vitest';
import { BANK_LAYOUTS } from '../../../../lib/gateway/boleto/bank-connection';
import { CnabFileError, readRetorno, writeRemessa } from '../../../../lib/gateway/boleto/cnab240';
import { type CnabRecord, readCnab240 } from '../../../support/cnab240/febraban-reader';
import { buildRetorno } from '../../../support/cnab240/retorno-builder';

const account = { code: '341', agencia: '0057', conta: '12345-6', convenio: '1234567', carteira: '109' };
const numbers = (id: number) => BANK_LAYOUTS['341'].numbers(account, id);
const titles = [
  {
    instruction: '01' as const,
    transactionId: 1001,
    ourNumber: numbers(1001).ourNumber,
    dueDate: '2030-12-31',
    issueDate: '2030-12-01',
    amountCents: 15_000,
    charges: {
      multaBasisPoints: 200,
      jurosMonthlyBasisPoints: 100,
      desconto: { cents: 500, until: '2030-12-20' },
      diasBaixa: 30,
    },
    payer: {
      nome: 'João Souza',
      documento: '123.456.789-09',
      endereco: 'Rua A',
      numero: '10',
      bairro: 'Centro',
      cep: '20040-020',
      cidade: 'Rio de Janeiro',
      estado: 'RJ',
    },
  },
  {
    instruction: '01' as const,
    transactionId: 1002,
    ourNumber: numbers(1002).ourNumber,
    dueDate: '2031-01-15',
    issueDate: '2030-12-01',
    amountCents: 99_990,
    charges: {},
    payer: { nome: 'Empresa Ltda', documento: '12.345.678/0001-95', cep: '01310100', cidade: 'São Paulo', estado: 'SP' },
  },
  {
    instruction: '02' as const,
    transactionId: 990,
    ourNumber: numbers(990).ourNumber,
    dueDate: '2030-12-10',
    issueDate: '2030-11-20',
    amountCents: 2_500,
    charges: {},
    payer: { nome: 'Maria', documento: '98765432100' },
  },
];
const file = writeRemessa({
  account,
  documento: '12345678000195',
  companyName: 'Loja Exemplo',
  bankName: 'Itaú',
  sequence: 7,
  generatedAt: new Date('2030-12-01T10:20:30Z'),
  titles,
});
const { lines, records } = readCnab240(file);
const of = (kind: string) => records.filter((record) => record.kind === kind);

describe('a remessa read back by a reader written from FEBRABAN’s layout (test/support/cnab240)', () => {
  it('has lines of 240 characters ended by CR LF, in the order header, lote, trailers', () => {
    expect(file.endsWith('\r\n')).toBe(true);
    for (const line of lines) expect(line).toHaveLength(240);
    expect(records.map((record) => record.kind).join(' ')).toBe(
      'headerArquivo headerLote P Q R P Q P trailerLote trailerArquivo',
    );
  });

  it('carries the bank, the account and the file sequence in both headers', () => {
    const [header, batch] = records as [CnabRecord, CnabRecord];
    expect(header).toMatchObject({ banco: '341', codigoRemessaRetorno: '1', sequencial: '000007', versaoLayout: '103' });
    expect(header).toMatchObject({ tipoInscricao: '2', inscricao: '12345678000195', convenio: '1234567' });
    expect(header).toMatchObject({ agencia: '00057', conta: '000000012345', dvConta: '6', dataGeracao: '01122030' });
    expect(header.horaGeracao).toBe('102030');
    expect(batch).toMatchObject({ operacao: 'R', servico: '01', versaoLayoutLote: '060', numeroRemessaRetorno: '00000007' });
    expect(batch).toMatchObject({ agencia: '00057', conta: '000000012345', convenio: '1234567' });
  });

  it('has every field of every title as the transaction has it (segment P)', () => {
    const [first, second, baixa] = of('P') as [CnabRecord, CnabRecord, CnabRecord];
    expect(first).toMatchObject({
      movimento: '01',
      nossoNumero: numbers(1001).ourNumber,
      numeroDocumento: '1001',
      vencimento: '31122030',
      valorNominal: '000000000015000',
      dataEmissao: '01122030',
      codigoJuros: '2',
      dataJuros: '01012031',
      juros: '000000000000100',
      codigoDesconto1: '1',
      dataDesconto1: '20122030',
      desconto1: '000000000000500',
      codigoBaixa: '1',
      prazoBaixa: '030',
      codigoProtesto: '3',
      moeda: '09',
      usoEmpresa: '1001',
    });
    expect(second).toMatchObject({
      movimento: '01',
      numeroDocumento: '1002',
      vencimento: '15012031',
      valorNominal: '000000000099990',
      codigoJuros: '3',
      codigoDesconto1: '0',
      codigoBaixa: '2',
    });
    expect(baixa).toMatchObject({ movimento: '02', numeroDocumento: '990', nossoNumero: numbers(990).ourNumber });
    expect(of('P').map((p) => p.numeroRegistro)).toEqual(['00001', '00004', '00006']);
  });

  it('has the payer of each entrada (segment Q) and the multa where one is set (segment R)', () => {
    const [first, second] = of('Q') as [CnabRecord, CnabRecord];
    expect(first).toMatchObject({
      tipoInscricaoPagador: '1',
      inscricaoPagador: '000012345678909',
      nomePagador: 'JOAO SOUZA',
      endereco: 'RUA A 10',
      bairro: 'CENTRO',
      cep: '20040',
      sufixoCep: '020',
      cidade: 'RIO DE JANEIRO',
      uf: 'RJ',
    });
    expect(second).toMatchObject({ tipoInscricaoPagador: '2', inscricaoPagador: '012345678000195', cidade: 'SAO PAULO' });
    expect(of('R')).toHaveLength(1);
    expect(of('R')[0]).toMatchObject({ movimento: '01', codigoMulta: '2', dataMulta: '01012031', multa: '000000000000200' });
  });

  it('counts the lote’s records and the titles’ total in the trailers', () => {
    const batch = of('trailerLote')[0] as CnabRecord;
    expect(batch.quantidadeRegistros).toBe('000008');
    expect(batch.quantidadeSimples).toBe('000003');
    expect(Number(batch.valorSimples)).toBe(15_000 + 99_990 + 2_500);
    expect(of('trailerArquivo')[0]).toMatchObject({ quantidadeLotes: '000001', quantidadeRegistros: '000010' });
  });
});

describe('the retorno reader', () => {
  const retorno = buildRetorno({
    bank: '341',
    convenio: '1234567',
    sequence: 3,
    entries: [
      { code: '02', ourNumber: '109000010018', documentNumber: '1001', nominalCents: 15_000, occurredOn: '02122030' },
      {
        code: '06',
        ourNumber: '109000010018',
        documentNumber: '1001',
        nominalCents: 15_000,
        paidCents: 15_350,
        chargesCents: 350,
        occurredOn: '03012031',
      },
      { code: '03', ourNumber: '109000010026', documentNumber: '1002', nominalCents: 99_990, reasons: '0812' },
    ],
  });

  it('reads each T/U pair into one occurrence, with the amount paid and the reasons', () => {
    const read = readRetorno(retorno);
    expect(read).toMatchObject({ bankCode: '341', sequence: 3, convenio: '1234567' });
    expect(
      read.occurrences.map(({ code, documentNumber, paidCents, chargesCents, occurredOn, reasons, line }) => ({
        code,
        documentNumber,
        paidCents,
        chargesCents,
        occurredOn,
        reasons,
        line,
      })),
    ).toEqual([
      { code: '02', documentNumber: '1001', paidCents: 0, chargesCents: 0, occurredOn: '2030-12-02', reasons: '', line: 3 },
      {
        code: '06',
        documentNumber: '1001',
        paidCents: 15_350,
        chargesCents: 350,
        occurredOn: '2031-01-03',
        reasons: '',
        line: 5,
      },
      { code: '03', documentNumber: '1002', paidCents: 0, chargesCents: 0, occurredOn: undefined, reasons: '0812', line: 7 },
    ]);
  });

  const broken = (edit: (lines: string[]) => void) => {
    const lines = retorno.split('\r\n');
    edit(lines);
    return lines.join('\r\n');
  };
  const refusal = (text: string) => {
    try {
      readRetorno(text);
    } catch (error) {
      expect(error).toBeInstanceOf(CnabFileError);
      return (error as Error).message;
    }
    throw new Error('accepted');
  };

  it('refuses a malformed file whole, naming the line', () => {
    expect(refusal(broken((lines) => (lines[4] = (lines[4] as string).slice(0, 239))))).toBe(
      'linha 5: tem 239 caracteres, não 240',
    );
    expect(
      refusal(
        broken((lines) => (lines[5] = `${(lines[5] as string).slice(0, 77)}00000001x,00${(lines[5] as string).slice(89)}`)),
      ),
    ).toMatch(/^linha 6: valor pago \(posições 78-92\) não é numérico/);
    expect(refusal(broken((lines) => lines.splice(5, 1)))).toMatch(/^linha 6: segmento T onde se esperava o segmento U/);
    expect(
      refusal(broken((lines) => (lines[8] = `${(lines[8] as string).slice(0, 17)}000099${(lines[8] as string).slice(23)}`))),
    ).toMatch(/^linha 9: o trailer de lote conta 99 registros; o lote tem 8/);
    expect(
      refusal(broken((lines) => (lines[5] = `${(lines[5] as string).slice(0, 137)}31022031${(lines[5] as string).slice(145)}`))),
    ).toMatch(/^linha 6: data da ocorrência/);
    expect(refusal(retorno.replace(/^(.{142})2/, '$11'))).toMatch(/^linha 1: o header de arquivo não é de retorno/);
  });
});
