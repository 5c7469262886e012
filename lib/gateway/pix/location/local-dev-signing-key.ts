import { createECDH, createHmac, type JsonWebKey } from 'node:crypto';

/**
 * LOCAL DEVELOPMENT ONLY. A fixed EC P-256 key derived from a public seed, so the local stack and its tests sign
 * and verify location payloads with no secret to provision and the same kid on every start. Anyone can rebuild it
 * from this file: a deployed stage must load its own key from its secret, never this one.
 */
export const LOCAL_DEV_PIX_SIGNING_SEED = 'gwstore-local-development-only-pix-location-key-0001';

/** The order of the P-256 group: a private scalar lies in [1, n - 1]. */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

export function localDevSigningKeyJwk(seed = LOCAL_DEV_PIX_SIGNING_SEED): JsonWebKey {
  const digest = createHmac('sha256', 'gwstore pix dev key').update(seed).digest();
  const scalar = (BigInt(`0x${digest.toString('hex')}`) % (P256_ORDER - 1n)) + 1n;
  const privateKey = Buffer.from(scalar.toString(16).padStart(64, '0'), 'hex');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  const point = ecdh.getPublicKey(); // 0x04 || x || y
  return {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
    d: privateKey.toString('base64url'),
  };
}
