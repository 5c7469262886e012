import { encodeDynamicBrCode } from '../../../lib/gateway/pix/br-code';
import { mintEndToEndId, randomAlphanumeric } from '../../../lib/gateway/pix/identifiers';

/** The fake PSP's records, in the API Pix's shapes (CobCompleta, Pix, Devolucao). */
export interface Devolucao {
  id: string;
  rtrId: string;
  valor: string;
  natureza?: string;
  descricao?: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
}

export interface PixRecebido {
  endToEndId: string;
  txid: string;
  valor: string;
  horario: string;
  devolucoes?: Devolucao[];
}

export interface Cob {
  calendario: { criacao: string; expiracao: number };
  txid: string;
  revisao: number;
  loc: { id: number; location: string; tipoCob: 'cob'; criacao: string };
  location: string;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  valor: { original: string; modalidadeAlteracao?: number };
  chave: string;
  solicitacaoPagador?: string;
  pixCopiaECola: string;
  pix?: PixRecebido[];
}

/** A charge with a due date (CobVCompleta), as this fake keeps it. */
export interface Cobv {
  calendario: { criacao: string; dataDeVencimento: string; validadeAposVencimento: number };
  txid: string;
  revisao: number;
  loc: { id: number; location: string; tipoCob: 'cobv'; criacao: string };
  status: Cob['status'];
  devedor: Record<string, string>;
  recebedor: Record<string, string>;
  valor: { original: string } & Record<string, unknown>;
  chave: string;
  solicitacaoPagador?: string;
  pixCopiaECola: string;
  pix?: PixRecebido[];
}

type CobvRequest = Omit<Cobv, 'calendario' | 'txid' | 'revisao' | 'loc' | 'status' | 'recebedor' | 'pixCopiaECola' | 'pix'> & {
  calendario: { dataDeVencimento: string; validadeAposVencimento?: number };
};

export class LedgerRefusal extends Error {
  override name = 'LedgerRefusal';
}

const cents = (valor: string) => Math.round(Number(valor) * 100);

/** State and rules of the fake: charges, the Pix that paid them, their devoluções and the webhooks per key. */
export class PspLedger {
  readonly cobs = new Map<string, Cob>();
  readonly cobvs = new Map<string, Cobv>();
  readonly webhooks = new Map<string, { webhookUrl: string; chave: string; criacao: string }>();
  private readonly pixByE2e = new Map<string, PixRecebido>();
  private nextLocationId = 1;

  constructor(
    private readonly ispb: string,
    private readonly locationHost: string,
  ) {}

  createCob(
    txid: string,
    body: { calendario?: { expiracao?: number }; valor: Cob['valor']; chave: string; solicitacaoPagador?: string },
  ): Cob {
    if (this.cobs.has(txid)) throw new LedgerRefusal(`Já existe uma cobrança com o txid ${txid}.`);
    if (cents(body.valor.original) <= 0) throw new LedgerRefusal('O valor da cobrança deve ser maior que 0.00.');
    const now = new Date().toISOString();
    const id = this.nextLocationId++;
    const location = `${this.locationHost}/qr/v2/${randomAlphanumeric(32).toLowerCase()}`;
    const cob: Cob = {
      calendario: { criacao: now, expiracao: body.calendario?.expiracao ?? 86400 },
      txid,
      revisao: 0,
      loc: { id, location, tipoCob: 'cob', criacao: now },
      location,
      status: 'ATIVA',
      valor: body.valor,
      chave: body.chave,
      pixCopiaECola: encodeDynamicBrCode({ location, merchantName: 'Fake PSP Merchant', merchantCity: 'SAO PAULO' }),
    };
    if (body.solicitacaoPagador !== undefined) cob.solicitacaoPagador = body.solicitacaoPagador;
    this.cobs.set(txid, cob);
    return cob;
  }

  /** PUT /cobv/{txid}: a txid is used once (for a cob or a cobv); the amount must be positive, the due date real. */
  createCobv(txid: string, body: CobvRequest): Cobv {
    if (this.cobs.has(txid) || this.cobvs.has(txid)) throw new LedgerRefusal(`Já existe uma cobrança com o txid ${txid}.`);
    if (cents(body.valor.original) <= 0) throw new LedgerRefusal('O valor da cobrança deve ser maior que 0.00.');
    const now = new Date().toISOString();
    const id = this.nextLocationId++;
    const location = `${this.locationHost}/qr/v2/cobv/${randomAlphanumeric(32).toLowerCase()}`;
    const cobv: Cobv = {
      ...body,
      calendario: { criacao: now, validadeAposVencimento: 30, ...body.calendario },
      txid,
      revisao: 0,
      loc: { id, location, tipoCob: 'cobv', criacao: now },
      status: 'ATIVA',
      recebedor: { cnpj: '56989000019533', nome: 'Fake PSP Merchant', cidade: 'SAO PAULO', uf: 'SP', cep: '01001000' },
      pixCopiaECola: encodeDynamicBrCode({ location, merchantName: 'Fake PSP Merchant', merchantCity: 'SAO PAULO' }),
    };
    this.cobvs.set(txid, cobv);
    return cobv;
  }

  /** PATCH /cobv/{txid}: only an ATIVA charge is revised (the BCB's OperacaoInvalida otherwise); each revision counts. */
  reviseCobv(txid: string, body: Partial<CobvRequest> & { status?: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' }): Cobv | undefined {
    const cobv = this.cobvs.get(txid);
    if (!cobv) return undefined;
    if (cobv.status !== 'ATIVA') {
      throw new LedgerRefusal('Cobrança não encontra-se mais com o status ATIVA, somente cobranças ativas podem ser revisadas.');
    }
    const { calendario, ...rest } = body;
    Object.assign(cobv, rest, calendario ? { calendario: { ...cobv.calendario, ...calendario } } : {});
    cobv.revisao++;
    return cobv;
  }

  /**
   * The payer's PSP settles a cob or a cobv: a Pix with a fresh end-to-end id (of `valor`, by default the original
   * amount: a cobv paid late carries its juros), and the charge becomes CONCLUIDA.
   */
  pay(txid: string, valor?: string): { cob: Cob | Cobv; pix: PixRecebido } {
    const cob = this.cobs.get(txid) ?? this.cobvs.get(txid);
    if (cob?.status !== 'ATIVA') throw new LedgerRefusal(`No active charge ${txid}`);
    const now = new Date();
    const pix: PixRecebido = {
      endToEndId: mintEndToEndId({ ispb: this.ispb, at: now }),
      txid,
      valor: valor ?? cob.valor.original,
      horario: now.toISOString(),
    };
    cob.status = 'CONCLUIDA';
    cob.pix = [pix];
    this.pixByE2e.set(pix.endToEndId, pix);
    return { cob, pix };
  }

  pixOf(e2eid: string): PixRecebido | undefined {
    return this.pixByE2e.get(e2eid);
  }

  /** A devolução request; an id already used is refused, as for a txid (the client reads it back). */
  requestDevolucao(e2eid: string, id: string, body: { valor: string; natureza?: string; descricao?: string }): Devolucao {
    const pix = this.pixByE2e.get(e2eid)!;
    if (pix.devolucoes?.some((devolucao) => devolucao.id === id)) throw new LedgerRefusal(`A devolução ${id} já existe.`);
    const returned = (pix.devolucoes ?? [])
      .filter((devolucao) => devolucao.status !== 'NAO_REALIZADO')
      .reduce((sum, devolucao) => sum + cents(devolucao.valor), 0);
    if (cents(body.valor) <= 0) throw new LedgerRefusal('O valor da devolução deve ser maior que 0.00.');
    if (returned + cents(body.valor) > cents(pix.valor)) {
      throw new LedgerRefusal('A soma dos valores das devoluções ultrapassa o valor do Pix.');
    }
    const devolucao: Devolucao = {
      id,
      rtrId: mintEndToEndId({ ispb: this.ispb, at: new Date(), kind: 'D' }),
      valor: body.valor,
      ...(body.natureza ? { natureza: body.natureza } : {}),
      ...(body.descricao ? { descricao: body.descricao } : {}),
      horario: { solicitacao: new Date().toISOString() },
      status: 'EM_PROCESSAMENTO',
    };
    pix.devolucoes = [...(pix.devolucoes ?? []), devolucao];
    return devolucao;
  }

  settleDevolucao(e2eid: string, id: string, status: 'DEVOLVIDO' | 'NAO_REALIZADO'): { pix: PixRecebido; devolucao: Devolucao } {
    const pix = this.pixByE2e.get(e2eid);
    const devolucao = pix?.devolucoes?.find((candidate) => candidate.id === id);
    if (!pix || !devolucao || devolucao.status !== 'EM_PROCESSAMENTO') throw new LedgerRefusal(`No pending devolução ${id}`);
    devolucao.status = status;
    if (status === 'DEVOLVIDO') devolucao.horario.liquidacao = new Date().toISOString();
    return { pix, devolucao };
  }
}
