import type { RawOptions } from 'bwip-js/node';
import { barcodeEncoder } from '../../barcodes/barcode-encoder';

/** A QR code's modules, row by row (`true` = dark), without the quiet zone. */
export interface QrMatrix {
  size: number;
  dark: (x: number, y: number) => boolean;
}

/** The quiet zone ISO/IEC 18004 asks for around a QR code: four modules. */
export const QUIET_ZONE = 4;

/**
 * The QR code of a text, at error correction level M (the level the BCB's BR Code manual recommends). Encoded by
 * bwip-js, the BWIPP port the boleto's barcode already uses: a code every bank app must read is not something to
 * hand-roll, and it is no new dependency. Only its module matrix is taken; the page draws the SVG itself. Async:
 * bwip-js loads on first use (barcode-encoder.ts), so the caller draws the matrix before it renders the page.
 */
export async function qrMatrix(text: string): Promise<QrMatrix> {
  const bwipjs = await barcodeEncoder();
  // The module matrix comes from the default export's `raw` (the named `raw` export is BWIPP's "raw" symbology);
  // `eclevel` is a BWIPP option bwip-js's typings do not list.
  const options: RawOptions & { eclevel: 'M' } = { bcid: 'qrcode', text, eclevel: 'M' };
  const [symbol] = bwipjs.raw(options);
  if (!symbol || !('pixs' in symbol) || symbol.pixx !== symbol.pixy) throw new Error('bwip-js drew no square QR code');
  const { pixs, pixx: size } = symbol;
  return { size, dark: (x, y) => pixs[y * size + x] === 1 };
}

/**
 * The dark modules as one SVG path in module units, offset by the quiet zone: each horizontal run of dark modules is a
 * rectangle `M<x> <y>h<n>v1h-<n>z`. Pure geometry, no markup: the view puts it in a `<path d>` that Preact escapes.
 */
export function qrPath(matrix: QrMatrix): string {
  let d = '';
  for (let y = 0; y < matrix.size; y++) {
    for (let x = 0; x < matrix.size; ) {
      if (!matrix.dark(x, y)) {
        x++;
        continue;
      }
      let run = 1;
      while (x + run < matrix.size && matrix.dark(x + run, y)) run++;
      d += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h${run}v1h-${run}z`;
      x += run;
    }
  }
  return d;
}

/**
 * The QR code as inline SVG, drawn on the server: scales to any width without blurring (crisp module edges), prints,
 * and needs neither script nor image request. `label` is what a screen reader says instead.
 */
export function QrCodeSvg(props: { matrix: QrMatrix; label: string; class?: string }) {
  const { matrix } = props;
  const side = matrix.size + 2 * QUIET_ZONE;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${side} ${side}`}
      role="img"
      aria-label={props.label}
      class={props.class}
      shape-rendering="crispEdges"
    >
      <rect width={side} height={side} fill="#ffffff" />
      <path d={qrPath(matrix)} fill="#000000" />
    </svg>
  );
}
