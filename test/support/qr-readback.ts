import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';

const run = promisify(execFile);

/**
 * Every QR code zbarimg (Debian's zbar-tools, installed by `ensure-prerequisites.sh --test`) finds in an image, as
 * the text it decodes: an independent reader, so a code we drew wrong is not read back right by our own encoder.
 */
export async function readQrCodes(imagePath: string): Promise<string[]> {
  const { stdout } = await run('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', imagePath]);
  return stdout.split('\n').filter((line) => line !== '');
}

/** A black-and-white bitmap as a PNG file (8-bit greyscale), `scale` pixels per cell. */
export function bitmapPng(width: number, height: number, dark: (x: number, y: number) => boolean, scale = 4): Buffer {
  const w = width * scale;
  const h = height * scale;
  const raw = Buffer.alloc((w + 1) * h);
  for (let py = 0; py < h; py++) {
    raw[py * (w + 1)] = 0; // filter: none
    for (let px = 0; px < w; px++) raw[py * (w + 1) + 1 + px] = dark(Math.floor(px / scale), Math.floor(py / scale)) ? 0 : 255;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8 bits, greyscale, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Writes a PNG to a temporary file, reads its QR codes back, removes the file. */
export async function readQrCodesOfPng(png: Buffer): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'qr-readback-'));
  try {
    const file = join(dir, 'code.png');
    writeFileSync(file, png);
    return await readQrCodes(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
