export * from './clients';
export * from './item-access';
export * from './lazy-client';
export * from './query-all';
export * from './resource-names';
export * from './sdk-errors';
export * from './secret-material';
export * from './table-clients';
