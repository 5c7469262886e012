import type { BoletoMethod } from '../../boleto/bank-registry';
import { CnabFileError } from '../../boleto/cnab240';
import { BoletoRegistrationError } from '../../boleto/registration/boleto-registration-error';
import { importRetorno, type RetornoReport } from '../../boleto/registration/import-retorno';
import type { AdminDependencies, RequestOrigin } from '../admin-dependencies';
import type { AdminSession } from '../sessions/admin-session';
import type { BoletoFiles } from './boleto-files';

import { RETORNO_MAX_BYTES } from './retorno-limit';

export { RETORNO_MAX_BYTES } from './retorno-limit';

export type AdminRetornoResult = { done: true; report: RetornoReport } | { done: false; problem: string };

/**
 * A retorno uploaded in the admin UI: the same use case as `boleto retorno` (whole-file check, nothing applied when a line
 * is wrong; idempotent per file and per occurrence), recorded as `admin:<email>` and in the audit log whatever the outcome.
 */
export async function importRetornoFromAdmin(
  deps: AdminDependencies,
  files: BoletoFiles,
  session: AdminSession,
  input: { method: BoletoMethod; content: string; origin: RequestOrigin },
): Promise<AdminRetornoResult> {
  const result = await attempt(files, session, input);
  await deps.audit.record(session.merchantId, {
    at: deps.now().toISOString(),
    action: 'retorno_imported',
    actor: session.email,
    outcome: result.done
      ? `${input.method}: ${result.report.alreadyImported ? 'already imported, nothing changed' : `${result.report.applied} applied, ${result.report.duplicates} duplicates, ${result.report.ignored} ignored`}`
      : `refused: ${result.problem}`,
    ...input.origin,
  });
  return result;
}

async function attempt(
  files: BoletoFiles,
  session: AdminSession,
  input: { method: BoletoMethod; content: string },
): Promise<AdminRetornoResult> {
  if (input.content.trim() === '') return { done: false, problem: 'the file is empty' };
  if (Buffer.byteLength(input.content, 'latin1') > RETORNO_MAX_BYTES) {
    return { done: false, problem: `the file is larger than ${RETORNO_MAX_BYTES} bytes` };
  }
  try {
    const report = await importRetorno(files.retorno, {
      merchantId: session.merchantId,
      method: input.method,
      content: input.content,
      by: `admin:${session.email}`,
    });
    return { done: true, report };
  } catch (error) {
    if (error instanceof CnabFileError || error instanceof BoletoRegistrationError)
      return { done: false, problem: error.message };
    throw error;
  }
}
