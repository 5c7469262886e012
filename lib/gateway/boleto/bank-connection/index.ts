export * from './bank-layouts';
export * from './boleto-bank-repository';
export * from './boleto-bank-secret';
export * from './boleto-bank-settings';
export * from './configure-boleto-bank';
