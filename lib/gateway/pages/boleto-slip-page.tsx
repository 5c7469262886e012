import type { ComponentChildren } from 'preact';
import type { BoletoSlip } from '../boleto/boleto-slip';
import type { Buyer } from '../domain/transaction';
import { DocumentHead } from './page-layout';
import { QrCodeSvg, type QrMatrix } from './pix/qr-code';

/** A4 on paper (print CSS), one readable column on a phone. No script: printing is the browser's own command. */
const STYLES = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.35 Arial,Helvetica,sans-serif;color:#000;background:#eee}
.sheet{background:#fff;max-width:190mm;margin:1rem auto;padding:6mm}
.banner{background:#fff3cd;border:2px solid #c98a00;padding:.5rem;font-weight:700;text-align:center;margin-bottom:4mm}
.screen-only{color:#444;font-size:.9rem}
.head{display:flex;flex-wrap:wrap;align-items:flex-end;gap:0 4mm;border-bottom:2px solid #000;padding-bottom:1mm}
.bank-name{font-weight:700;font-size:1.1rem}
.bank-code{font-weight:700;font-size:1.3rem;border-left:2px solid #000;border-right:2px solid #000;padding:0 3mm}
.line{font:700 1rem/1.2 Courier New,monospace;flex:1 1 auto;text-align:right;overflow-wrap:anywhere}
.grid{display:grid;grid-template-columns:repeat(6,1fr);border-left:1px solid #000}
.cell{border-right:1px solid #000;border-bottom:1px solid #000;padding:.5mm 1.5mm;min-height:9mm;overflow-wrap:anywhere}
.cell .k{display:block;font-size:.68rem;color:#333}
.cell .v{display:block;font-weight:700}
.span1{grid-column:span 1}.span2{grid-column:span 2}.span3{grid-column:span 3}.span4{grid-column:span 4}.span5{grid-column:span 5}.span6{grid-column:span 6}
.right .v{text-align:right}
.cut{border-top:1px dashed #000;margin:6mm 0 4mm;font-size:.7rem;text-align:right}
.barcode{margin-top:3mm;display:flex;align-items:flex-end;justify-content:space-between;gap:4mm}
.pix{width:32mm;text-align:center}
.pix svg{display:block;width:32mm;height:32mm}
.barcode img{display:block;width:103mm;max-width:100%;height:13mm}
.small{font-size:.7rem}
ul.instructions{margin:.5mm 0;padding-left:4mm}
@media (max-width:600px){.grid{grid-template-columns:1fr 1fr}.span2,.span3,.span4,.span5,.span6{grid-column:span 2}.span1{grid-column:span 1}.line{text-align:left}}
@page{size:A4;margin:10mm}
@media print{body{background:#fff}.sheet{margin:0;padding:0;max-width:none}.screen-only{display:none}.grid{grid-template-columns:repeat(6,1fr)}}
`;

/** One labelled box of the slip: label, value, width in sixths of the row, right-aligned for dates and amounts. */
type CellSpec = [label: string, value: string | undefined, span: number, right?: 'right'];

/** The payer's receipt: the stub the payer keeps. */
function receiptCells(slip: BoletoSlip): CellSpec[] {
  return [
    ['Beneficiário', slip.beneficiary, 4],
    ['Vencimento', slip.dueDate, 2, 'right'],
    ['Pagador', slip.payer.nome, 4],
    ['Nosso número', slip.ourNumber, 2, 'right'],
    ['Número do documento', slip.documentNumber, 2],
    ['Agência / Código do beneficiário', agreementOf(slip), 2],
    ['(=) Valor do documento', `R$ ${slip.amount}`, 2, 'right'],
  ];
}

/** The compensation form: the part the bank reads, in FEBRABAN's order. */
function compensationCells(slip: BoletoSlip): CellSpec[] {
  return [
    ['Local de pagamento', slip.bank.placeOfPayment, 4],
    ['Vencimento', slip.dueDate, 2, 'right'],
    ['Beneficiário', slip.beneficiary, 4],
    ['Agência / Código do beneficiário', agreementOf(slip), 2, 'right'],
    ['Data do documento', slip.documentDate, 1],
    ['Nº do documento', slip.documentNumber, 1],
    ['Espécie doc.', 'DM', 1],
    ['Aceite', 'N', 1],
    ['Nosso número', slip.ourNumber, 2, 'right'],
    ['Carteira', slip.bank.wallet, 1],
    ['Espécie', 'R$', 1],
    ['Data de processamento', slip.documentDate, 2],
    ['(=) Valor do documento', `R$ ${slip.amount}`, 2, 'right'],
  ];
}

const agreementOf = (slip: BoletoSlip) => `${slip.bank.agency} / ${slip.bank.account}`;

function Cells({ cells }: { cells: CellSpec[] }) {
  return (
    <>
      {cells.map(([label, value, span, right]) => (
        <Cell label={label} span={span} right={right === 'right'} key={label}>
          {value}
        </Cell>
      ))}
    </>
  );
}

function Cell(props: { label: string; span: number; right?: boolean; children: ComponentChildren }) {
  return (
    <div class={`cell span${props.span}${props.right ? ' right' : ''}`}>
      <span class="k">{props.label}</span>
      <span class="v">{props.children}</span>
    </div>
  );
}

function payerAddress(payer: Buyer): string {
  const street = [payer.endereco, payer.numero, payer.complemento].filter(Boolean).join(', ');
  const place = [payer.bairro, [payer.cidade, payer.estado].filter(Boolean).join('/'), payer.cep ? `CEP ${payer.cep}` : '']
    .filter(Boolean)
    .join(' · ');
  return [street, place].filter(Boolean).join(' — ');
}

function BankHeader({ slip, showLine }: { slip: BoletoSlip; showLine: boolean }) {
  return (
    <div class="head">
      <span class="bank-name">{slip.bank.name}</span>
      <span class="bank-code">
        {slip.bank.code}-{slip.bank.digit}
      </span>
      <span class="line" data-testid={showLine ? 'linha-digitavel' : undefined}>
        {showLine ? slip.formattedLine : 'Recibo do pagador'}
      </span>
    </div>
  );
}

/** `pixQrCode`: the QR code of the slip's BR Code (boleto híbrido), drawn beforehand (qrMatrix). */
export function BoletoSlipPage(props: { slip: BoletoSlip; barcodeImage: string; pixQrCode?: QrMatrix; sandbox: boolean }) {
  const { slip } = props;
  return (
    <html lang="pt-BR">
      <DocumentHead title={`Boleto ${slip.bank.name} · vencimento ${slip.dueDate}`} styles={STYLES} />
      <body>
        <main class="sheet">
          {props.sandbox ? <p class="banner">AMBIENTE DE TESTES — ESTE BOLETO NÃO TEM VALOR: NÃO PAGUE</p> : null}
          <p class="screen-only">Para imprimir, use o comando Imprimir do navegador (papel A4).</p>

          <section aria-label="Recibo do pagador">
            <BankHeader slip={slip} showLine={false} />
            <div class="grid">
              <Cells cells={receiptCells(slip)} />
            </div>
            <p class="cut">Corte na linha pontilhada</p>
          </section>

          <section aria-label="Ficha de compensação">
            <BankHeader slip={slip} showLine={true} />
            <div class="grid">
              <Cells cells={compensationCells(slip)} />
              <Cell label="Instruções (texto de responsabilidade do beneficiário)" span={6}>
                <ul class="instructions">
                  {slip.instructions.map((instruction) => (
                    <li key={instruction}>{instruction}</li>
                  ))}
                </ul>
              </Cell>
              <Cell label="Pagador" span={6}>
                {slip.payer.nome}
                {slip.payer.documento ? ` — CPF/CNPJ ${slip.payer.documento}` : ''}
                <br />
                <span class="small">{payerAddress(slip.payer)}</span>
              </Cell>
            </div>
            <div class="barcode">
              <img src={props.barcodeImage} alt={`Código de barras ${slip.barcode}`} width={390} height={49} />
              {props.pixQrCode ? (
                <div class="pix" data-testid="pix-qr">
                  <QrCodeSvg matrix={props.pixQrCode} label={`QR code Pix de R$ ${slip.amount}`} />
                  <span class="small">Pague com Pix: leia o QR code no app do seu banco</span>
                </div>
              ) : null}
            </div>
            <p class="cut">Autenticação mecânica — Ficha de compensação</p>
          </section>
        </main>
      </body>
    </html>
  );
}
