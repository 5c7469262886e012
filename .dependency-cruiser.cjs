/**
 * The layering of DESIGN §1 and STYLE §9, checked on every `npm test`:
 * the two surfaces never import each other, lib never imports handlers or scripts,
 * pure domain modules import no AWS SDK and no HTTP types, handlers never import each other.
 */
const ADAPTERS = '(-repository|-store|-provider)\\.ts$|/http/|^lib/(aws|diagnostics)/';

/** A lib/storage layer: its folder imports nothing of lib/storage but itself and the folders below it (`more`: other forbidden targets). */
const storageLayer = (name, comment, folder, below, more = '') => ({
  name,
  comment,
  severity: 'error',
  from: { path: `^lib/storage/${folder}/` },
  to: { path: `^lib/storage/(?!${[folder, ...below].join('/|')}/)${more}` },
});

module.exports = {
  forbidden: [
    { name: 'gateway-not-storage', severity: 'error', from: { path: '^lib/gateway/' }, to: { path: '^lib/storage/' } },
    { name: 'storage-not-gateway', severity: 'error', from: { path: '^lib/storage/' }, to: { path: '^lib/gateway/' } },
    {
      name: 'lib-not-outer-layers',
      comment: 'lib is imported by handlers, scripts and tests, never the other way round',
      severity: 'error',
      from: { path: '^lib/' },
      to: { path: '^(functions|scripts|test|bench)/' },
    },
    {
      name: 'shared-not-surfaces',
      comment:
        'lib/http, lib/aws, lib/config, lib/log, lib/metrics, lib/scheduling and lib/delivery serve both surfaces and depend on neither',
      severity: 'error',
      from: { path: '^lib/(http|aws|config|log|metrics|scheduling|delivery)/' },
      to: { path: '^lib/(gateway|storage|diagnostics)/' },
    },
    {
      name: 'domain-without-aws',
      comment: 'only repositories, stores, providers and http adapters talk to AWS or know Lambda types',
      severity: 'error',
      from: { path: '^lib/(gateway|storage)/', pathNot: ADAPTERS },
      to: { path: '(@aws-sdk|aws-lambda|@middy)' },
    },
    {
      name: 'lib-not-wiring',
      comment:
        "wiring modules (*-wiring.ts: gateway-wiring, admin-wiring, storage-wiring, console-wiring) build a container's dependencies, the web secret's loader included, and the container's accessors are wiring modules too (config-wiring: serviceConfig(), metrics-wiring: metrics(), clients-wiring: tableClients() and awsClients(), http/container-wiring: both accessors for the endpoint builders): handlers build them once at module scope and pass them in; lib code takes them as parameters and never reaches for them (a wiring module may build on another)",
      severity: 'error',
      from: { path: '^lib/', pathNot: '-wiring\\.ts$' },
      to: { path: '-wiring\\.ts$' },
    },
    // lib/storage in layers (README "Architecture", docs/storage.md "Code layers"): model < store < features (access
    // lowest) < controllers < http and console < the wiring; a layer never imports one above it, folders never cycle.
    storageLayer(
      'storage-model-bottom',
      'lib/storage/model: record types, ports and pure rules; imports nothing else of lib/storage and does no I/O (no AWS, no network)',
      'model',
      [],
      '|^lib/aws/|@aws-sdk|^(node:)?(https?|net|tls|fs|fs/promises)$',
    ),
    storageLayer(
      'storage-store-above-model',
      'lib/storage/store: the write primitives (object and version writers, write conditions, blob removal), the repositories and StorageDeps; they build on the model only',
      'store',
      ['model'],
    ),
    storageLayer(
      'storage-access-lowest-feature',
      'lib/storage/access: the authorization decision and the bucket/object access checks every feature uses; above model, store and the policy language only',
      'access',
      ['model', 'store', 'policy'],
    ),
    {
      name: 'storage-tiers',
      comment:
        'the features (every other folder) below the S3 controllers, below the HTTP adapters and the console; a lower tier never imports a higher one',
      severity: 'error',
      from: {
        path: '^lib/storage/',
        pathNot: '^lib/storage/(controllers|http|console)/|^lib/storage/(index|storage-wiring)\\.ts$',
      },
      to: { path: '^lib/storage/(controllers|http|console)/|^lib/storage/(index|storage-wiring)\\.ts$' },
    },
    {
      name: 'storage-controllers-below-http',
      severity: 'error',
      from: { path: '^lib/storage/controllers/' },
      to: { path: '^lib/storage/(http|console)/|^lib/storage/(index|storage-wiring)\\.ts$' },
    },
    {
      name: 'storage-no-folder-cycles',
      comment:
        'no two folders of lib/storage import each other, directly or round a loop: what two features share goes down to model or store',
      severity: 'error',
      scope: 'folder',
      from: { path: '^lib/storage/' },
      to: { path: '^lib/storage/', circular: true },
    },
    {
      name: 'pix-core-pure',
      comment:
        'the BR Code, the Pix identifiers and the location payload are pure: no network, no PSP connector (lib/gateway/pix/psp talks HTTPS)',
      severity: 'error',
      from: { path: '^lib/gateway/pix/(br-code|identifiers|location)/' },
      to: { path: '^lib/gateway/pix/psp/|^(node:)?(https?|net|tls)$|@aws-sdk' },
    },
    { name: 'config-reads-no-sdk', severity: 'error', from: { path: '^lib/config/' }, to: { path: '@aws-sdk' } },
    { name: 'handlers-independent', severity: 'error', from: { path: '^functions/' }, to: { path: '^functions/' } },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
  },
};
