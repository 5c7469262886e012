export * from './configure-merchant-psp';
export * from './merchant-pix-psp';
export * from './merchant-psp-clients';
export * from './psp-due-charges';
export * from './psp-secret-reader';
