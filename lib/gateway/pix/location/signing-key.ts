import { createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, type JWK } from 'jose';

/** The algorithms a location JWS may use here: the BCB's example is RS256; ES256 and PS256 are their peers. */
export type LocationSigningAlgorithm = 'RS256' | 'PS256' | 'ES256';

/** A private key ready to sign location payloads, with what the JWS header and the JWKS say about it. */
export interface LocationSigningKey {
  privateKey: KeyObject;
  alg: LocationSigningAlgorithm;
  kid: string;
  /** The public half only, as published in the JWKS. */
  publicJwk: JWK;
}

export class SigningKeyError extends Error {
  override name = 'SigningKeyError';
}

/**
 * Loads the signing key from a PEM (PKCS#8, PKCS#1 or SEC1) or a private JWK. Where it comes from (a secret per
 * stage in production, the fixed local key on the local stack) is the caller's business. `kid` defaults to the
 * key's RFC 7638 thumbprint, so a rotated key gets a new kid by itself. The error never quotes the key.
 */
export async function loadLocationSigningKey(
  key: string | JsonWebKey,
  options: { kid?: string; rsaAlgorithm?: 'RS256' | 'PS256' } = {},
): Promise<LocationSigningKey> {
  let privateKey: KeyObject;
  try {
    privateKey = typeof key === 'string' ? createPrivateKey(key) : createPrivateKey({ key, format: 'jwk' });
  } catch {
    throw new SigningKeyError('The location signing key is not a readable private key (PEM or JWK)');
  }
  const alg = algorithmOf(privateKey, options.rsaAlgorithm ?? 'RS256');
  const exported = createPublicKey(privateKey).export({ format: 'jwk' }) as JWK;
  const publicJwk: JWK = { ...exported };
  const kid = options.kid ?? (await calculateJwkThumbprint(publicJwk, 'sha256'));
  return { privateKey, alg, kid, publicJwk: { ...publicJwk, kid, use: 'sig', alg } };
}

function algorithmOf(key: KeyObject, rsaAlgorithm: 'RS256' | 'PS256'): LocationSigningAlgorithm {
  const details = key.asymmetricKeyDetails;
  if (key.asymmetricKeyType === 'ec' && details?.namedCurve === 'prime256v1') return 'ES256';
  if ((key.asymmetricKeyType === 'rsa' || key.asymmetricKeyType === 'rsa-pss') && (details?.modulusLength ?? 0) >= 2048) {
    return key.asymmetricKeyType === 'rsa-pss' ? 'PS256' : rsaAlgorithm;
  }
  throw new SigningKeyError('The location signing key must be EC P-256 or RSA of at least 2048 bits');
}
