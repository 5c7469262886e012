export * from './acquirer-connector';
export * from './acquirer-secret';
export * from './configure-merchant-acquirer';
export * from './connected-acquirer';
export * from './merchant-acquirer-connections';
