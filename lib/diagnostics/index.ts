export * from './echo-round-trip';
export * from './health-check';
