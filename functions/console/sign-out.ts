import { signedInConsole } from '../../lib/storage/console/http/console-endpoint';
import { submitSignOut } from '../../lib/storage/console/http/sign-in-routes';

/** POST /v1/console/sign-out */
export const handler = signedInConsole(submitSignOut);
