export * from './cob-payload';
export * from './cobv-payload';
export * from './local-dev-signing-key';
export * from './location-jws';
export * from './signing-key';
