import { LAYOUT, type RecordKind } from './febraban-layout';

export type CnabRecord = { kind: RecordKind; line: number } & Record<string, string>;

/** Which layout a line is: FEBRABAN's record type (position 8), and the segment (position 14) of a detail. */
function kindOf(line: string): RecordKind {
  switch (line[7]) {
    case '0':
      return 'headerArquivo';
    case '1':
      return 'headerLote';
    case '3':
      return line[13] as 'P' | 'Q' | 'R' | 'T' | 'U';
    case '5':
      return 'trailerLote';
    case '9':
      return 'trailerArquivo';
    default:
      throw new Error(`unknown record type ${line[7]}`);
  }
}

/** Reads every line into named fields; N fields must be digits. Line length is checked by the caller's assertion. */
export function readCnab240(text: string): { lines: string[]; records: CnabRecord[] } {
  const lines = text.split('\r\n');
  if (lines.at(-1) === '') lines.pop();
  const records = lines.map((line, index) => {
    const kind = kindOf(line);
    const fields: Record<string, string> = {};
    for (const [name, from, to, type] of LAYOUT[kind]) {
      const value = line.substring(from - 1, to);
      if (type === 'N' && !/^\d+$/.test(value)) throw new Error(`line ${index + 1}: ${kind}.${name} is not numeric: "${value}"`);
      fields[name] = type === 'X' ? value.trimEnd() : value;
    }
    return { kind, line: index + 1, ...fields } as CnabRecord;
  });
  return { lines, records };
}

/** Writes one record from named fields (numbers zero-filled right-aligned, text space-filled): the bank's retorno. */
export function writeCnab240Record(kind: RecordKind, values: Record<string, string | number>): string {
  return LAYOUT[kind]
    .map(([name, from, to, type]) => {
      const length = to - from + 1;
      const value = String(values[name] ?? (type === 'N' ? '' : ''));
      return type === 'N' ? value.padStart(length, '0') : value.padEnd(length, ' ');
    })
    .join('');
}
