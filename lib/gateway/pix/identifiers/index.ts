export * from './end-to-end-id';
export * from './random-alphanumeric';
export * from './txid';
