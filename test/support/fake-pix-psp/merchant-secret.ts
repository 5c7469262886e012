import type { PixPspSecret } from '../../../lib/gateway/pix/psp';
import type { FakePixPsp } from './fake-pix-psp';
import type { TestPki } from './test-pki';

/** The merchant's PSP secret (as stored in Secrets Manager) for a fake PSP: its URL, the test PKI's client, the CA. */
export function merchantPspSecret(
  psp: Pick<FakePixPsp, 'baseUrl'>,
  pki: TestPki,
  credentials: { clientId: string; clientSecret: string; chave: string },
  changes: Partial<PixPspSecret> = {},
): PixPspSecret {
  return {
    baseUrl: psp.baseUrl,
    ...credentials,
    certificatePem: pki.client.certificatePem,
    privateKeyPem: pki.client.privateKeyPem,
    caPem: pki.caPem,
    ...changes,
  };
}
