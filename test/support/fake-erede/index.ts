export * from './fake-erede';
