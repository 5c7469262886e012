export * from './cookies';
export * from './csrf';
export * from './form-body';
export * from './html-document';
export * from './html-response';
export * from './web-secret-provider';
