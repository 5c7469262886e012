import { randomUUID } from 'node:crypto';
import { httpFrom } from '../http-from';
import { testStack } from '../stack';

const { baseUrl, stage } = testStack();

/** A fresh admin user of the merchant (scrypt-hashed through the repository, as the CLI does). */
export async function newAdminUser(merchantId: string): Promise<{ email: string; password: string }> {
  const email = `admin-${randomUUID().slice(0, 8)}@${merchantId}.test`;
  const password = `pw-${randomUUID()}`;
  await stage.merchants.createAdminUser({ merchantId, email, password });
  return { email, password };
}

export interface PageReply {
  status: number;
  location: string | null;
  text: string;
  headers: Headers;
}

/** A browser without JavaScript: keeps cookies, follows nothing by itself, reads CSRF tokens from forms. */
export class AdminClient {
  readonly cookies = new Map<string, string>();

  /**
   * `localAddress`: a loopback address to send from (another client as far as per-address limits go); `sentHeaders`:
   * headers every request carries (a client forging X-Forwarded-Proto, say).
   */
  constructor(
    private readonly localAddress?: string,
    private readonly sentHeaders: Record<string, string> = {},
  ) {}

  async get(path: string): Promise<PageReply> {
    return this.send(path, { method: 'GET' });
  }

  async post(path: string, form: Record<string, string>): Promise<PageReply> {
    return this.send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  /**
   * Posts a form as a browser does when it has a file input (`enctype="multipart/form-data"`): the fields, then the
   * file under `file.field` with its name and bytes.
   */
  async upload(
    path: string,
    fields: Record<string, string>,
    file: { field: string; name: string; content: string | Buffer; type?: string },
  ): Promise<PageReply> {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const bytes = typeof file.content === 'string' ? Buffer.from(file.content, 'latin1') : file.content;
    body.append(file.field, new Blob([new Uint8Array(bytes)], { type: file.type ?? 'text/plain' }), file.name);
    return this.send(path, { method: 'POST', body });
  }

  /** Opens the login page, then posts the form with its CSRF token. */
  async logIn(email: string, password: string): Promise<PageReply> {
    const form = await this.get('/v1/admin/login');
    return this.post('/v1/admin/login', { _csrf: csrfOf(form.text), email, password });
  }

  private async send(
    path: string,
    init: { method: string; headers?: Record<string, string>; body?: string | FormData },
  ): Promise<PageReply> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const headers = { ...this.sentHeaders, ...init.headers, ...(cookie ? { cookie } : {}) };
    const { body } = init;
    if (this.localAddress && body instanceof FormData) throw new Error('upload() goes through fetch: no localAddress');
    const reply = this.localAddress
      ? await replyFrom(this.localAddress, `${baseUrl}${path}`, { ...init, body: body as string | undefined, headers })
      : await fetchReply(`${baseUrl}${path}`, { ...init, headers });
    for (const line of reply.setCookies) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/Max-Age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: reply.status, location: reply.headers.get('location'), text: reply.text, headers: reply.headers };
  }
}

async function replyFrom(localAddress: string, url: string, init: Parameters<typeof httpFrom>[2]) {
  const reply = await httpFrom(localAddress, url, init);
  const headers = new Headers();
  for (const [name, value] of Object.entries(reply.headers)) for (const one of [value ?? []].flat()) headers.append(name, one);
  return { status: reply.status, headers, setCookies: headers.getSetCookie(), text: reply.text };
}

async function fetchReply(url: string, init: RequestInit) {
  const response = await fetch(url, { ...init, redirect: 'manual' });
  return {
    status: response.status,
    headers: response.headers,
    setCookies: response.headers.getSetCookie(),
    text: await response.text(),
  };
}

/** The first CSRF token of a page's forms. */
export function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('No CSRF token on this page');
  return match[1];
}
