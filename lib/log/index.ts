export * from './card-numbers';
export * from './logger';
export * from './redaction';
