import { checkPushUrl, type UrlProblem } from '../../delivery/target-policy';

export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };

/** The gateway's words for each refusal (its `erro` envelope and the delivery record are in Portuguese). */
const REASONS: Record<UrlProblem, string> = {
  missing: 'url ausente ou longa demais',
  invalid: 'url inválida',
  scheme: 'a url deve começar com https://',
  credentials: 'a url não pode levar credenciais',
  internal: 'endereço interno não permitido',
};

/** A webhook URL as the shared target policy (lib/delivery/target-policy.ts) judges it, refusals worded for merchants. */
export function checkWebhookUrl(raw: unknown, allowPrivate: boolean): UrlVerdict {
  const verdict = checkPushUrl(raw, allowPrivate);
  return verdict.ok ? verdict : { ok: false, reason: REASONS[verdict.problem] };
}
