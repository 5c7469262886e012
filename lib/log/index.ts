export * from './logger';
export * from './redaction';
