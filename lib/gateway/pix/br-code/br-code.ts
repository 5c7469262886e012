import { asciiFold } from './ascii-fold';
import { BrCodeError } from './br-code-error';
import { crc16Ccitt } from './crc16-ccitt';
import { parseTlv, type TlvField, tlv } from './emv-tlv';

/**
 * The dynamic BR Code of the BCB's "Manual de Padrões para Iniciação do Pix" (EMV QRCPS-MPM): the "Pix copia e cola"
 * text, also what the QR code carries. Dynamic: ID 26 holds the GUI and the location of the charge (sub-ID 25, no
 * scheme); the payer's app fetches the signed charge there, so amount and txid in the code itself are informative.
 */
export interface DynamicBrCode {
  /** The location of the charge's JWS, without a scheme (e.g. "pix.example.com/qr/v2/abc"). */
  location: string;
  merchantName: string;
  merchantCity: string;
  /** "12.34"; omitted when the charge alone says the amount. */
  amount?: string;
}

export const PIX_GUI = 'br.gov.bcb.pix';
const DYNAMIC_REFERENCE_LABEL = '***';
const MAX_LOCATION_LENGTH = 77;
const AMOUNT = /^\d{1,10}\.\d{2}$/;

/** Builds the "copia e cola" text: IDs in ascending order, CRC last. */
export function encodeDynamicBrCode(code: DynamicBrCode): string {
  const location = withoutScheme(code.location);
  if (location.length === 0 || location.length > MAX_LOCATION_LENGTH || !/^[\x21-\x7e]+$/.test(location)) {
    throw new BrCodeError(`The location must be 1-${MAX_LOCATION_LENGTH} printable characters without spaces`);
  }
  if (code.amount !== undefined && (!AMOUNT.test(code.amount) || Number(code.amount) <= 0)) {
    throw new BrCodeError(`Not an amount: ${code.amount}`);
  }
  const merchantName = asciiFold(code.merchantName, 25);
  const merchantCity = asciiFold(code.merchantCity, 15);
  if (!merchantName || !merchantCity) throw new BrCodeError('Merchant name and city need at least one ASCII character');
  const body = [
    tlv('00', '01'),
    tlv('01', '12'),
    tlv('26', tlv('00', PIX_GUI) + tlv('25', location)),
    tlv('52', '0000'),
    tlv('53', '986'),
    code.amount === undefined ? '' : tlv('54', code.amount),
    tlv('58', 'BR'),
    tlv('59', merchantName),
    tlv('60', merchantCity),
    tlv('62', tlv('05', DYNAMIC_REFERENCE_LABEL)),
  ].join('');
  const withCrcId = `${body}6304`;
  return withCrcId + crc16Ccitt(withCrcId);
}

/** A BR Code as read back: every top-level field, the template 26 and 62 sub-fields, and the dynamic view of it. */
export interface ParsedBrCode {
  fields: Record<string, string>;
  merchantAccount: Record<string, string>;
  additionalData: Record<string, string>;
  /** Point of initiation: "12" for a single-use (dynamic) code, "11" or absent for a reusable one. */
  pointOfInitiation?: string;
  crc: string;
  dynamic?: DynamicBrCode;
}

/** Parses and checks a BR Code: every length, the CRC, the mandatory fields and the Pix GUI. Throws BrCodeError. */
export function parseBrCode(text: string): ParsedBrCode {
  const list = parseTlv(text);
  const last = list.at(-1);
  if (last?.id !== '63' || !/^[0-9A-F]{4}$/.test(last.value)) {
    throw new BrCodeError('The payload does not end with a CRC (ID 63, 4 upper-case hex digits)');
  }
  const expected = crc16Ccitt(text.slice(0, -4));
  if (expected !== last.value)
    throw new BrCodeError(`CRC mismatch: the payload says ${last.value}, its content gives ${expected}`);
  const fields = uniqueFields(list, 'payload');
  if (list[0]?.id !== '00' || fields['00'] !== '01') throw new BrCodeError('The payload must start with ID 00 "01"');
  for (const [id, value] of [
    ['52', undefined],
    ['53', '986'],
    ['58', 'BR'],
    ['59', undefined],
    ['60', undefined],
  ] as const) {
    if (fields[id] === undefined) throw new BrCodeError(`ID ${id} is missing`);
    if (value !== undefined && fields[id] !== value) throw new BrCodeError(`ID ${id} must be "${value}"`);
  }
  if (fields['59']!.length > 25 || fields['60']!.length > 15) throw new BrCodeError('Merchant name (≤25) or city (≤15) too long');
  if (fields['26'] === undefined) throw new BrCodeError('ID 26 (merchant account information) is missing');
  const merchantAccount = uniqueFields(parseTlv(fields['26'], 'ID 26'), 'ID 26');
  if (merchantAccount['00']?.toLowerCase() !== PIX_GUI) throw new BrCodeError(`ID 26-00 must be ${PIX_GUI}`);
  const additionalData = fields['62'] === undefined ? {} : uniqueFields(parseTlv(fields['62'], 'ID 62'), 'ID 62');
  if (fields['54'] !== undefined && !AMOUNT.test(fields['54'])) throw new BrCodeError(`ID 54 is not an amount: ${fields['54']}`);
  const location = merchantAccount['25'];
  const parsed: ParsedBrCode = { fields, merchantAccount, additionalData, crc: last.value };
  if (fields['01'] !== undefined) parsed.pointOfInitiation = fields['01'];
  if (location !== undefined) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(location)) throw new BrCodeError('ID 26-25 must be written without a scheme');
    parsed.dynamic = { location, merchantName: fields['59']!, merchantCity: fields['60']! };
    if (fields['54'] !== undefined) parsed.dynamic.amount = fields['54'];
  }
  return parsed;
}

function uniqueFields(list: TlvField[], where: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { id, value } of list) {
    if (id in fields) throw new BrCodeError(`${where}: ID ${id} appears twice`);
    fields[id] = value;
  }
  return fields;
}

function withoutScheme(location: string): string {
  return location.replace(/^https?:\/\//i, '');
}
