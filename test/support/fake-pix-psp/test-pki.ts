import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A certificate and its private key, PEM. */
export interface TestCredential {
  certificatePem: string;
  privateKeyPem: string;
}

/**
 * The certificates of a test run, made with the machine's `openssl` CLI in a temporary folder and never written into
 * the repository: a CA that the fake PSP and the gateway both trust, the PSP's server certificate (127.0.0.1 and
 * localhost), the merchant's client certificate, and a rogue CA with a client certificate of its own (a bad
 * certificate: well formed, trusted by nobody).
 */
export interface TestPki {
  caPem: string;
  server: TestCredential;
  client: TestCredential;
  rogueCaPem: string;
  rogueClient: TestCredential;
}

export function createTestPki(): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'fake-pix-pki-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  try {
    const makeCa = (name: string) =>
      openssl('req', '-x509', ...newKey, '-keyout', `${name}.key`, '-out', `${name}.crt`, '-subj', `/CN=${name}`, '-days', '2');
    const issue = (name: string, ca: string, subject: string, extensions: string) => {
      writeFileSync(join(dir, `${name}.ext`), extensions);
      openssl('req', ...newKey, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject);
      openssl(
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        `${ca}.crt`,
        '-CAkey',
        `${ca}.key`,
        '-CAcreateserial',
        '-out',
        `${name}.crt`,
        '-days',
        '2',
        '-extfile',
        `${name}.ext`,
      );
    };
    makeCa('fake-pix-ca');
    makeCa('rogue-ca');
    issue('server', 'fake-pix-ca', '/CN=fake-pix-psp', 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
    issue('client', 'fake-pix-ca', '/CN=gateway-merchant-m-demo', 'extendedKeyUsage=clientAuth\n');
    issue('rogue-client', 'rogue-ca', '/CN=gateway-merchant-m-demo', 'extendedKeyUsage=clientAuth\n');
    const read = (file: string) => readFileSync(join(dir, file), 'utf8');
    const credential = (name: string) => ({ certificatePem: read(`${name}.crt`), privateKeyPem: read(`${name}.key`) });
    return {
      caPem: read('fake-pix-ca.crt'),
      server: credential('server'),
      client: credential('client'),
      rogueCaPem: read('rogue-ca.crt'),
      rogueClient: credential('rogue-client'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
