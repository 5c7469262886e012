/**
 * `npx tsx test/support/fake-acquirer/serve-fakes.ts <ACQUIRER_SECRETS_DIR> [prefix]`: the Cielo and e.Rede fakes on
 * free ports until Ctrl-C, their connection secrets written as `<prefix>-cielo.json` and `<prefix>-erede.json`, for
 * trying the production stage locally (docs/acquirers.md).
 */
import { cieloSecret, eredeSecret, writeAcquirerSecret } from '../acquirer-connections';
import { FakeCielo } from '../fake-cielo';
import { FakeERede } from '../fake-erede';

const [directory, prefix = 'demo'] = process.argv.slice(2);
if (!directory) {
  console.error('usage: serve-fakes.ts <ACQUIRER_SECRETS_DIR> [prefix]');
  process.exit(2);
}
const cielo = await FakeCielo.start();
const erede = await FakeERede.start();
writeAcquirerSecret(directory, `${prefix}-cielo`, cieloSecret(cielo));
writeAcquirerSecret(directory, `${prefix}-erede`, eredeSecret(erede));
console.log(`fake Cielo ${cielo.baseUrl} (secret ${prefix}-cielo), fake e.Rede ${erede.baseUrl} (secret ${prefix}-erede)`);
process.on('SIGINT', () => void Promise.all([cielo.stop(), erede.stop()]).then(() => process.exit(0)));
