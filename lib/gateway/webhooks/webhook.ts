import { createHmac, randomBytes } from 'node:crypto';
import { constantTimeEqual } from '../../crypto/constant-time';
import { toApiView } from '../domain/transaction';
import type { TransactionEvent } from '../domain/transition';

/** A merchant's webhook endpoint. The secret is kept sealed (secret-box.ts): the table never holds it in clear. */
export interface Webhook {
  id: string;
  merchantId: string;
  url: string;
  sealedSecret: string;
  createdAt: string;
}

/** What the merchant sees of an endpoint: `segredo` only once, in the registration's answer. */
export function webhookView(webhook: Webhook, segredo?: string): Record<string, string> {
  return { id: webhook.id, url: webhook.url, ...(segredo ? { segredo } : {}), criado_em: webhook.createdAt };
}

/** Endpoints per merchant: each status change fans out to all of them. */
export const MAX_WEBHOOKS_PER_MERCHANT = 10;

export const newWebhookId = () => `wh_${randomBytes(12).toString('hex')}`;
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
export const newEventId = () => `evt_${randomBytes(12).toString('hex')}`;

/** The event of one status change (DESIGN §7.2); `transacao` is the transaction exactly as the consult API returns it. */
export interface WebhookEvent {
  id: string;
  tipo: string;
  criado_em: string;
  transacao: Record<string, unknown>;
}

/** The webhook of a transaction's event; `transacao` is the transaction exactly as the consult API returns it then. */
export function webhookEventOf(event: TransactionEvent, id: string): WebhookEvent {
  return { id, tipo: event.tipo, criado_em: event.at, transacao: toApiView(event.transaction) };
}

/** `Gateway-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(segredo, "<t>.<raw body>")>`. */
export function signatureHeader(secret: string, rawBody: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmacHex(secret, `${unixSeconds}.${rawBody}`)}`;
}

/** What a receiver does (README): recompute the MAC over `t.` + the raw body, compare in constant time, bound the age. */
export function verifySignatureHeader(
  secret: string,
  rawBody: string,
  header: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  return constantTimeEqual(parts.v1, hmacHex(secret, `${t}.${rawBody}`));
}

function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}
