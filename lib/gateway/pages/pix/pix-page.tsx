import { brazilianAmount } from '../../domain/brazilian-format';
import type { Transaction } from '../../domain/transaction';
import { OrderSummary } from '../order-summary';
import { PageLayout } from '../page-layout';
import { THEMES } from '../page-theme';
import { brasiliaDateTime, type PixPageCharge, type PixPageState } from './pix-page-state';
import { QrCodeSvg, type QrMatrix } from './qr-code';

/** Paths relative to the page (`/v1/pix/<uuid>`), so a stage prefix in front of `/v1` is kept. */
export const pixPagePaths = (uuid: string) => ({
  status: `${uuid}/status`,
  simulate: `${uuid}/simular`,
  script: 'pix-page.js',
});

export interface PixPageProps {
  transaction: Transaction;
  uuid: string;
  charge: PixPageCharge;
  state: PixPageState;
  /** The BR Code's QR code, drawn beforehand (qrMatrix), while the charge awaits payment. */
  qrCode?: QrMatrix;
  /** Seconds left to pay, from the server's clock. */
  secondsLeft: number;
  /** The store's url_retorno with `transacao=<id>`, when the merchant sent one. */
  returnUrl?: string;
  /** Sandbox only: the CSRF token of the "Simular pagamento" form (absent: no button). */
  simulateCsrf?: string;
  /** The CSP nonce of the page's script (only while the charge awaits payment). */
  scriptNonce?: string;
  /** Said above the outcome (a second simulated payment, from another tab). */
  note?: string;
}

const FOOTER = 'Ambiente protegido. O Pix é pago no app do seu banco: esta página não pede dados bancários.';

const ENDINGS: Record<Exclude<PixPageState, 'awaiting'>, { title: string; text: string; class: string }> = {
  paid: { title: 'Pagamento confirmado', text: 'Recebemos o seu Pix. Obrigado!', class: 'outcome-paga' },
  expired: {
    title: 'Este Pix expirou',
    text: 'O prazo para pagar acabou e nada foi cobrado. Volte à loja para gerar um novo Pix.',
    class: 'outcome-negada',
  },
  cancelled: {
    title: 'Pagamento estornado',
    text: 'Este Pix foi pago e depois devolvido pela loja.',
    class: 'outcome-cancelada',
  },
};

/** The hosted Pix page: the charge to pay (QR code, copia e cola, expiry, live status), or how it ended. */
export function PixPage(props: PixPageProps) {
  const { transaction, uuid, state } = props;
  const paths = pixPagePaths(uuid);
  const awaiting = state === 'awaiting';
  const script = awaiting && props.scriptNonce ? { src: paths.script, nonce: props.scriptNonce } : undefined;
  return (
    <PageLayout theme={THEMES.pix} title={awaiting ? 'Pague com Pix' : ENDINGS[state].title} footer={FOOTER} script={script}>
      <OrderSummary transaction={transaction} />
      <section
        class="panel"
        aria-labelledby="pix-title"
        data-pix-page
        data-state={state}
        data-status-url={paths.status}
        data-return-url={props.returnUrl ?? ''}
        data-seconds-left={String(props.secondsLeft)}
      >
        {awaiting ? <AwaitingPayment {...props} /> : <Ending {...props} state={state} />}
      </section>
    </PageLayout>
  );
}

function AwaitingPayment(props: PixPageProps) {
  const { transaction, charge } = props;
  const amount = `R$ ${brazilianAmount(transaction.totalCents)}`;
  return (
    <>
      <h1 id="pix-title">Pague {amount} com Pix</h1>
      <div class="while-open">
        <p>Abra o app do seu banco, escolha Pix e leia o QR code, ou use o Pix copia e cola.</p>
        <div class="qr">
          {props.qrCode ? (
            <QrCodeSvg matrix={props.qrCode} label={`QR code do Pix de ${amount} para ${transaction.merchantName}`} />
          ) : null}
        </div>
        <div class="field">
          <label for="pix-copia-e-cola">Pix copia e cola</label>
          <textarea id="pix-copia-e-cola" readonly rows={6} spellcheck={false} data-copy-text>
            {charge.brCode}
          </textarea>
          <button type="button" class="secondary" data-copy hidden>
            Copiar código
          </button>
          <p class="hint" data-copied aria-live="polite" />
        </div>
        <p>
          Pague até <time dateTime={charge.expiresAt}>{brasiliaDateTime(charge.expiresAt)}</time> (horário de Brasília).
        </p>
        <p class="countdown" data-countdown />
      </div>
      <p class="status" role="status" data-status-line>
        Aguardando o pagamento. Esta página avisa quando o Pix chegar.
      </p>
      {props.simulateCsrf ? (
        <form method="post" action={pixPagePaths(props.uuid).simulate} class="while-open">
          <p class="notice">Ambiente de testes: nenhum dinheiro é movimentado. Simule o Pix do comprador.</p>
          <input type="hidden" name="csrf" value={props.simulateCsrf} />
          <button type="submit">Simular pagamento (sandbox)</button>
        </form>
      ) : null}
    </>
  );
}

function Ending(props: PixPageProps & { state: Exclude<PixPageState, 'awaiting'> }) {
  const ending = ENDINGS[props.state];
  return (
    <>
      <h1 id="pix-title" class={ending.class}>
        {ending.title}
      </h1>
      {props.note ? <p class="notice">{props.note}</p> : null}
      <p>{ending.text}</p>
      {props.returnUrl ? (
        <a class="button" href={props.returnUrl}>
          Voltar para {props.transaction.merchantName}
        </a>
      ) : null}
    </>
  );
}
