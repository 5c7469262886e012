export * from './bearer-token-cache';
export * from './connection-cache';
export * from './named-secret-reader';
export * from './secret-json';
