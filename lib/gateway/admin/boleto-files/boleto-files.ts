import type { RetornoDependencies } from '../../boleto/registration/import-retorno';
import type { RemessaStore } from '../../boleto/registration/remessa-store';

/** What the admin's boleto files page needs of the file exchange (boleto-wiring.ts builds it, as for the CLI). */
export interface BoletoFiles {
  remessa: { remessas: Pick<RemessaStore, 'list' | 'get' | 'content'> };
  retorno: RetornoDependencies;
}
