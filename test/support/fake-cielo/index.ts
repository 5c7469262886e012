export * from './fake-cielo';
