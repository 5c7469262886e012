import {
  type Container,
  DependencyUnavailableError,
  type EndpointHandler,
  type ErrorRenderer,
  httpEndpoint,
  withRetryAfter,
} from '../../http';
import { htmlResponse, renderDocument } from '../../http/web';
import { AcquirerUnavailableError } from '../acquirers/acquirer';
import { GatewayError } from '../errors';
import { BuyerErrorPage } from '../pages/buyer-error-page';
import { HostedPageCsrfError } from './hosted-page-csrf-error';

/** Buyers get pages, not JSON: an unknown page is a 404 page, anything unexpected a 500 page that reveals nothing. */
export const renderPageError: ErrorRenderer = (error, { requestId }) => {
  if (error instanceof HostedPageCsrfError) {
    return htmlResponse(
      403,
      renderDocument(<BuyerErrorPage title="Sessão expirada" message={error.message} retryHref={error.retryHref} />),
    );
  }
  if (error instanceof GatewayError && error.kind === 'not_found') {
    return htmlResponse(
      404,
      renderDocument(
        <BuyerErrorPage
          title="Página não encontrada"
          message="Este endereço de pagamento não existe. Volte à loja e comece o pagamento de novo."
        />,
      ),
    );
  }
  if (error instanceof AcquirerUnavailableError) {
    return htmlResponse(
      503,
      renderDocument(<BuyerErrorPage title="Pagamento indisponível" message={error.message} requestId={requestId} />),
    );
  }
  if (error instanceof DependencyUnavailableError) {
    const calm = (
      <BuyerErrorPage
        title="Pagamento temporariamente indisponível"
        message="Nada foi cobrado. Tente de novo em alguns instantes."
        requestId={requestId}
      />
    );
    return withRetryAfter(htmlResponse(503, renderDocument(calm)), error);
  }
  return htmlResponse(
    500,
    renderDocument(
      <BuyerErrorPage
        title="Algo deu errado"
        message="Não conseguimos mostrar esta página agora. Tente de novo em alguns instantes."
        requestId={requestId}
      />,
    ),
  );
};

/** The middy stack of the buyer-facing pages (hosted payment pages and the boleto slip). */
export function pageEndpoint(container: Container, handler: EndpointHandler) {
  return httpEndpoint(handler, { surface: 'pages', renderError: renderPageError, metrics: container.metrics });
}
