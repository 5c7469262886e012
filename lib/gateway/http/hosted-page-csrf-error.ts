/** A form posted without a valid CSRF token (expired, or from another page): the page renderer answers 403. */
export class HostedPageCsrfError extends Error {
  override name = 'HostedPageCsrfError';
  constructor(readonly retryHref: string | undefined) {
    super('Por segurança, esta página precisa ser aberta de novo antes de enviar os dados.');
  }
}
