export * from './connection-cache';
export * from './named-secret-reader';
