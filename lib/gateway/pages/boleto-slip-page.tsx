import type { ComponentChildren } from 'preact';
import type { BoletoSlip } from '../boleto/boleto-slip';
import type { Buyer } from '../domain/transaction';

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
.barcode{margin-top:3mm}
.barcode img{display:block;width:103mm;max-width:100%;height:13mm}
.small{font-size:.7rem}
ul.instructions{margin:.5mm 0;padding-left:4mm}
@media (max-width:600px){.grid{grid-template-columns:1fr 1fr}.span3,.span4,.span5,.span6{grid-column:span 2}.span1,.span2{grid-column:span 1}.line{text-align:left}}
@page{size:A4;margin:10mm}
@media print{body{background:#fff}.sheet{margin:0;padding:0;max-width:none}.screen-only{display:none}.grid{grid-template-columns:repeat(6,1fr)}}
`;

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

export function BoletoSlipPage(props: { slip: BoletoSlip; barcodeImage: string; sandbox: boolean }) {
  const { slip } = props;
  const agreement = `${slip.bank.agency} / ${slip.bank.account}`;
  return (
    <html lang="pt-BR">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`Boleto ${slip.bank.name} · vencimento ${slip.dueDate}`}</title>
        <style>{STYLES}</style>
      </head>
      <body>
        <main class="sheet">
          {props.sandbox ? <p class="banner">AMBIENTE DE TESTES — ESTE BOLETO NÃO TEM VALOR: NÃO PAGUE</p> : null}
          <p class="screen-only">Para imprimir, use o comando Imprimir do navegador (papel A4).</p>

          <section aria-label="Recibo do pagador">
            <BankHeader slip={slip} showLine={false} />
            <div class="grid">
              <Cell label="Beneficiário" span={4}>
                {slip.beneficiary}
              </Cell>
              <Cell label="Vencimento" span={2} right>
                {slip.dueDate}
              </Cell>
              <Cell label="Pagador" span={4}>
                {slip.payer.nome}
              </Cell>
              <Cell label="Nosso número" span={2} right>
                {slip.ourNumber}
              </Cell>
              <Cell label="Número do documento" span={2}>
                {slip.documentNumber}
              </Cell>
              <Cell label="Agência / Código do beneficiário" span={2}>
                {agreement}
              </Cell>
              <Cell label="(=) Valor do documento" span={2} right>
                R$ {slip.amount}
              </Cell>
            </div>
            <p class="cut">Corte na linha pontilhada</p>
          </section>

          <section aria-label="Ficha de compensação">
            <BankHeader slip={slip} showLine={true} />
            <div class="grid">
              <Cell label="Local de pagamento" span={4}>
                {slip.bank.placeOfPayment}
              </Cell>
              <Cell label="Vencimento" span={2} right>
                {slip.dueDate}
              </Cell>
              <Cell label="Beneficiário" span={4}>
                {slip.beneficiary}
              </Cell>
              <Cell label="Agência / Código do beneficiário" span={2} right>
                {agreement}
              </Cell>
              <Cell label="Data do documento" span={1}>
                {slip.documentDate}
              </Cell>
              <Cell label="Nº do documento" span={1}>
                {slip.documentNumber}
              </Cell>
              <Cell label="Espécie doc." span={1}>
                DM
              </Cell>
              <Cell label="Aceite" span={1}>
                N
              </Cell>
              <Cell label="Nosso número" span={2} right>
                {slip.ourNumber}
              </Cell>
              <Cell label="Carteira" span={1}>
                {slip.bank.wallet}
              </Cell>
              <Cell label="Espécie" span={1}>
                R$
              </Cell>
              <Cell label="Data de processamento" span={2}>
                {slip.documentDate}
              </Cell>
              <Cell label="(=) Valor do documento" span={2} right>
                R$ {slip.amount}
              </Cell>
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
            </div>
            <p class="cut">Autenticação mecânica — Ficha de compensação</p>
          </section>
        </main>
      </body>
    </html>
  );
}
