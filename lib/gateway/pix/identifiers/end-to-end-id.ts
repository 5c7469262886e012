import { randomAlphanumeric } from './random-alphanumeric';

/**
 * The SPI's end-to-end id of a Pix (`E`) and of a devolução (`rtrId`, `D`): 32 characters, the letter, the 8-digit
 * ISPB of the payer's (or returning) participant, the UTC minute `yyyyMMddHHmm`, then 11 alphanumerics.
 */
export type EndToEndKind = 'E' | 'D';

export interface EndToEndId {
  kind: EndToEndKind;
  ispb: string;
  /** The minute the message was created, UTC. */
  at: Date;
  sequence: string;
}

const FORMAT = /^([ED])(\d{8})(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})([a-zA-Z0-9]{11})$/;

/** Mints an id, as the sandbox does when it plays the payer's PSP. */
export function mintEndToEndId(options: { ispb: string; at: Date; kind?: EndToEndKind; sequence?: string }): string {
  if (!/^\d{8}$/.test(options.ispb)) throw new RangeError('An ISPB has 8 digits');
  const sequence = options.sequence ?? randomAlphanumeric(11);
  if (!/^[a-zA-Z0-9]{11}$/.test(sequence)) throw new RangeError('The sequence has 11 alphanumerics');
  const minute = options.at.toISOString().replace(/\D/g, '').slice(0, 12);
  return `${options.kind ?? 'E'}${options.ispb}${minute}${sequence}`;
}

/** The parts of a well-formed id (a real calendar minute), or undefined. */
export function parseEndToEndId(value: unknown, kind: EndToEndKind = 'E'): EndToEndId | undefined {
  if (typeof value !== 'string') return undefined;
  const match = FORMAT.exec(value);
  if (!match || match[1] !== kind) return undefined;
  const [, , ispb, year, month, day, hour, minute, sequence] = match as unknown as string[];
  const at = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute)));
  const roundTrips =
    at.getUTCFullYear() === Number(year) &&
    at.getUTCMonth() === Number(month) - 1 &&
    at.getUTCDate() === Number(day) &&
    at.getUTCHours() === Number(hour) &&
    at.getUTCMinutes() === Number(minute);
  return roundTrips ? { kind, ispb: ispb!, at, sequence: sequence! } : undefined;
}

export function isEndToEndId(value: unknown, kind: EndToEndKind = 'E'): value is string {
  return parseEndToEndId(value, kind) !== undefined;
}
