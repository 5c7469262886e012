import { PageLayout } from './page-layout';
import { THEMES } from './page-theme';

/** The pages' error page: says what the buyer can do, never why the server failed. */
export function BuyerErrorPage(props: { title: string; message: string; requestId?: string; retryHref?: string }) {
  return (
    <PageLayout theme={THEMES.gateway} title={props.title}>
      <section class="panel" aria-labelledby="error-title">
        <h1 id="error-title">{props.title}</h1>
        <p>{props.message}</p>
        {props.retryHref ? (
          <a class="button" href={props.retryHref}>
            Voltar à página de pagamento
          </a>
        ) : null}
        {props.requestId ? <p class="hint">Código da requisição: {props.requestId}</p> : null}
      </section>
    </PageLayout>
  );
}
