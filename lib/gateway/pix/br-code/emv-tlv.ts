import { BrCodeError } from './br-code-error';

/**
 * EMV QRCPS-MPM data objects: a two-digit ID, a two-digit length and the value, one after the other. Lengths count
 * characters; BR Codes are printable ASCII (the encoder folds everything else), so characters and bytes agree.
 */
export interface TlvField {
  id: string;
  value: string;
}

export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new BrCodeError(`ID ${id} is not two digits`);
  if (value.length < 1 || value.length > 99) throw new BrCodeError(`ID ${id}: a value of ${value.length} characters (1-99)`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** The data objects of `text`, in order; refuses a truncated object, a length that is not two digits, or an empty value. */
export function parseTlv(text: string, where = 'payload'): TlvField[] {
  const fields: TlvField[] = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const lengthText = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) {
      throw new BrCodeError(`${where}: no ID and length at position ${at}`);
    }
    const length = Number(lengthText);
    const value = text.slice(at + 4, at + 4 + length);
    if (length === 0 || value.length !== length) {
      throw new BrCodeError(`${where}: ID ${id} declares ${length} characters, ${value.length} follow`);
    }
    fields.push({ id, value });
    at += 4 + length;
  }
  return fields;
}
