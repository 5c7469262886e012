import { barcodeEncoder } from '../barcodes/barcode-encoder';

/**
 * The slip's barcode: Interleaved 2 of 5 of the 44 digits, as SVG. bwip-js (a port of BWIPP, pure
 * JavaScript, no canvas or native code) draws it: a barcode that bank scanners must read is not
 * something to hand-roll. FEBRABAN asks for wide bars three times the narrow ones, 13 mm high. bwip-js loads on
 * first use (barcode-encoder.ts).
 */
export async function itfBarcodeSvg(digits: string): Promise<string> {
  if (!/^\d+$/.test(digits) || digits.length % 2 !== 0) throw new RangeError('ITF encodes an even number of digits');
  const { toSVG } = await barcodeEncoder();
  // bwip-js's default ITF already draws wide elements 3× the narrow ones (the unit test decodes the bars to prove it).
  const svg = toSVG({ bcid: 'interleaved2of5', text: digits, includetext: false, height: 13 });
  // The slip sizes it to FEBRABAN's 103 × 13 mm box: for 44 digits that is 405 modules of 0.254 mm. Stretching
  // scales every bar and space alike, so the 1:3 ratio holds.
  return svg.replace('<svg ', '<svg preserveAspectRatio="none" ');
}

/** As a data: URL, so the page shows it in an <img> (allowed by the pages' CSP) without raw markup in the template. */
export async function itfBarcodeDataUrl(digits: string): Promise<string> {
  return `data:image/svg+xml;base64,${Buffer.from(await itfBarcodeSvg(digits)).toString('base64')}`;
}
