import { secretMaterialLoader, tableClients } from '../../aws';
import { serviceConfig } from '../../config';

let load: (() => Promise<string>) | undefined;

/** The container's web secret (CSRF tokens, session cookies): read once, from config or Secrets Manager. */
export function webSecret(): Promise<string> {
  load ??= secretMaterialLoader(serviceConfig().webSecret, tableClients().secrets);
  return load();
}
