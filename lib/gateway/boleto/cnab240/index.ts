export * from './cnab-file-error';
export * from './remessa-writer';
export * from './retorno-reader';
