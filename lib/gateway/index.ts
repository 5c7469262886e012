export * from './credentials/api-token';
export * from './credentials/password-hash';
export * from './errors';
export * from './http/api-endpoint';
export * from './http/error-catalogue';
export * from './http/error-envelope';
export * from './merchants/merchant';
export * from './merchants/merchant-repository';
