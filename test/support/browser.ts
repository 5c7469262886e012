import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

export const ARTIFACTS = join(process.cwd(), 'test', 'artifacts');

/** Debian's Chromium, as DESIGN §2 says: playwright-core downloads no browser of its own. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A full-page screenshot under test/artifacts/ (not committed), to be looked at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const path = join(ARTIFACTS, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, fullPage: true });
}

export interface ReturnServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Every URL the buyer landed on, path and query. */
  hits: URL[];
  close(): Promise<void>;
}

/** The merchant's url_retorno: a local page that records where the buyer came back to. */
export async function startReturnServer(): Promise<ReturnServer> {
  const hits: URL[] = [];
  const server: Server = createServer((request, response) => {
    hits.push(new URL(request.url ?? '/', 'http://127.0.0.1'));
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Loja</title><h1>Obrigado! Conferindo o pagamento...</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The page has nothing wider than the viewport (no sideways scrolling on a phone). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
