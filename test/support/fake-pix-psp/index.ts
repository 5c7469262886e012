export * from './fake-pix-psp';
export * from './merchant-secret';
export * from './pix-api-schemas';
export * from './problem';
export * from './psp-ledger';
export * from './schema-checker';
export * from './test-pki';
