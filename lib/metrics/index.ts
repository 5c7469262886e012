export * from './metric-catalogue';
export * from './metrics-sink';
