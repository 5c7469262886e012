import { namedSecretReader } from '../../connections';

export type { SecretStringReader } from '../../connections';

/** A merchant's PSP secret by its name (PIX_PSP_SECRETS_DIR locally, `<PIX_PSP_SECRET_PREFIX><name>` deployed). */
export const pspSecretReader = namedSecretReader;
