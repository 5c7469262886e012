import type bwipjs from 'bwip-js/node';

/** bwip-js's API object (`toSVG`, and `raw` for a symbol's module matrix). */
export type BarcodeEncoder = typeof bwipjs;

let loading: Promise<BarcodeEncoder> | undefined;

/**
 * bwip-js (BWIPP's port: ~940 KiB minified, every symbology at once) on first use. Only the pages that draw a code
 * need it (a Pix QR code, a boleto's barcode), and only for some of their requests: bundled as its own chunk it is
 * neither read nor compiled at cold start. A failed load is tried again by the next call.
 */
export function barcodeEncoder(): Promise<BarcodeEncoder> {
  // Its typings say `export =` while its ES module has a default export: the default object is the API (its named
  // exports lack `raw`).
  loading ??= import('bwip-js/node').then(
    (module) => (module as unknown as { default: BarcodeEncoder }).default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
