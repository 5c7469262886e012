import { isDynamicPix, isStaticPix, parsePix } from 'pix-utils';
import { computeCRC } from 'pix-utils/dist/main/crc';
import { parseEmv } from 'pix-utils/dist/main/emvHandler';
import { describe, expect, it } from 'vitest';
import { asciiFold, BrCodeError, crc16Ccitt, encodeDynamicBrCode, parseBrCode } from '../../../../lib/gateway/pix/br-code';

/** The two examples printed in the BCB's "Manual de Padrões para Iniciação do Pix" (static and dynamic). */
const MANUAL_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const MANUAL_DYNAMIC =
  '00020101021226700014br.gov.bcb.pix2548pix.example.com/8b3da2f39a4140d1a91abd93113bd4415204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***630464E4';

const CODE = {
  location: 'https://gateway.example.com/v1/pix/loc/0f4c2a8e9b7d4e1fa3c5b6d7e8f90123',
  merchantName: 'Padaria São João & Filhos Ltda',
  merchantCity: 'São José dos Campos',
  amount: '123.45',
};

describe('CRC16-CCITT (poly 0x1021, init 0xFFFF)', () => {
  it('gives the catalogue check value and the manual examples’ CRCs', () => {
    expect(crc16Ccitt('123456789')).toBe('29B1'); // CRC-16/CCITT-FALSE check value
    expect(crc16Ccitt(MANUAL_STATIC.slice(0, -4))).toBe('1D3D');
    expect(crc16Ccitt(MANUAL_DYNAMIC.slice(0, -4))).toBe('64E4');
  });

  it('always answers four upper-case hex digits (leading zeros kept)', () => {
    for (let i = 0; i < 500; i++) expect(crc16Ccitt(`x${i}`)).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('encodeDynamicBrCode', () => {
  it('writes the exact fields of the manual, in order, scheme stripped from the location', () => {
    const text = encodeDynamicBrCode(CODE);
    const location = 'gateway.example.com/v1/pix/loc/0f4c2a8e9b7d4e1fa3c5b6d7e8f90123';
    const expected =
      `000201010212` +
      `26${String(18 + 4 + location.length).padStart(2, '0')}0014br.gov.bcb.pix25${location.length}${location}` +
      `52040000530398654061${'23.45'}5802BR` +
      `5925Padaria Sao Joao & Filhos6015Sao Jose dos Ca` +
      `62070503***6304`;
    expect(text.slice(0, -4)).toBe(expected);
    expect(text.slice(-4)).toBe(crc16Ccitt(expected));
  });

  it('rebuilds the manual’s dynamic example byte for byte', () => {
    expect(
      encodeDynamicBrCode({
        location: 'pix.example.com/8b3da2f39a4140d1a91abd93113bd441',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
      }),
    ).toBe(MANUAL_DYNAMIC);
  });

  it('refuses what the manual does not allow', () => {
    const bad = [
      { ...CODE, location: `pix.example.com/${'a'.repeat(62)}` }, // 78 characters
      { ...CODE, location: 'pix.example.com/with space' },
      { ...CODE, amount: '1.234' },
      { ...CODE, amount: '0.00' },
      { ...CODE, amount: '-1.00' },
      { ...CODE, merchantName: '日本' },
    ];
    for (const code of bad) expect(() => encodeDynamicBrCode(code), JSON.stringify(code)).toThrow(BrCodeError);
  });

  it('folds names to ASCII within their lengths', () => {
    expect(asciiFold('  Açaí   do  Pará  ', 25)).toBe('Acai do Para');
    expect(asciiFold('Ñandú €uro ✓', 25)).toBe('Nandu uro');
    expect(asciiFold('São José dos Campos', 15)).toBe('Sao Jose dos Ca');
  });
});

describe('parseBrCode', () => {
  it('reads back what it wrote', () => {
    const parsed = parseBrCode(encodeDynamicBrCode(CODE));
    expect(parsed.pointOfInitiation).toBe('12');
    expect(parsed.additionalData).toEqual({ '05': '***' });
    expect(parsed.dynamic).toEqual({
      location: 'gateway.example.com/v1/pix/loc/0f4c2a8e9b7d4e1fa3c5b6d7e8f90123',
      merchantName: 'Padaria Sao Joao & Filhos',
      merchantCity: 'Sao Jose dos Ca',
      amount: '123.45',
    });
  });

  it('reads the manual’s examples', () => {
    expect(parseBrCode(MANUAL_DYNAMIC).dynamic?.location).toBe('pix.example.com/8b3da2f39a4140d1a91abd93113bd441');
    const staticCode = parseBrCode(MANUAL_STATIC);
    expect(staticCode.dynamic).toBeUndefined();
    expect(staticCode.merchantAccount['01']).toBe('123e4567-e12b-12d1-a456-426655440000');
  });

  it('refuses a changed character, a wrong length, a lower-case or missing CRC', () => {
    const text = encodeDynamicBrCode(CODE);
    const cases = [
      text.replace('Padaria', 'Padarie'), // CRC no longer matches
      text.replace('5406123.45', '5407123.45'), // length overruns
      text.slice(0, -4) + text.slice(-4).toLowerCase().replace(/[0-9]/g, 'a'),
      text.slice(0, -8),
      text.replace('0014br.gov.bcb.pix', '0014br.gov.bcb.pux'),
      '',
    ];
    for (const bad of cases) expect(() => parseBrCode(bad), bad).toThrow(BrCodeError);
    const noGui = encodeDynamicBrCode(CODE).replace('br.gov.bcb.pix', 'br.gov.bcb.pux');
    const fixed = noGui.slice(0, -4) + crc16Ccitt(noGui.slice(0, -4));
    expect(() => parseBrCode(fixed)).toThrow(/26-00/);
  });
});

describe('an independent decoder (pix-utils from npm) reads our BR Code', () => {
  it('recognises a valid dynamic Pix with our location, name and city, and its CRC checks', () => {
    const text = encodeDynamicBrCode(CODE);
    const pix = parsePix(text);
    expect(isDynamicPix(pix as never)).toBe(true);
    expect(pix).toMatchObject({
      type: 'DYNAMIC',
      url: 'gateway.example.com/v1/pix/loc/0f4c2a8e9b7d4e1fa3c5b6d7e8f90123',
      merchantName: 'Padaria Sao Joao & Filhos',
      merchantCity: 'Sao Jose dos Ca',
      merchantCategoryCode: '0000',
      transactionCurrency: '986',
      countryCode: 'BR',
    });
    expect(computeCRC(text.slice(0, -4))).toBe(text.slice(-4));
  });

  it('finds every field we set in its raw EMV tags', () => {
    const tags = parseEmv({ emvCode: encodeDynamicBrCode(CODE) });
    if (!tags.isValid) throw new Error('pix-utils found the EMV structure invalid');
    expect(tags.getTag(0)).toBe('01');
    expect(tags.getTag(1)).toBe('12');
    expect(tags.getSubTag(0, 26)).toBe('br.gov.bcb.pix');
    expect(tags.getSubTag(25, 26)).toBe('gateway.example.com/v1/pix/loc/0f4c2a8e9b7d4e1fa3c5b6d7e8f90123');
    expect(tags.getTag(54)).toBe('123.45');
    expect(tags.getSubTag(5, 62)).toBe('***');
  });

  it('rejects our code once a character changes (its CRC check is real)', () => {
    const tampered = encodeDynamicBrCode(CODE).replace('Filhos', 'Filhas');
    expect(parsePix(tampered)).toMatchObject({ error: true, message: 'invalid crc' });
    expect(isStaticPix(parsePix(MANUAL_STATIC) as never)).toBe(true);
  });
});
