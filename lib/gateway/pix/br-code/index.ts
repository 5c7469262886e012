export * from './ascii-fold';
export * from './br-code';
export * from './br-code-error';
export * from './crc16-ccitt';
export * from './emv-tlv';
