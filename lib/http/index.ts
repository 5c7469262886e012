export * from './endpoint';
export * from './errors';
export * from './middlewares/error-responder';
export * from './middlewares/request-id';
export * from './plain-errors';
export * from './request-body';
export * from './responses';
export * from './types';
