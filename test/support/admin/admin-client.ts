import { randomUUID } from 'node:crypto';
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

  /** Opens the login page, then posts the form with its CSRF token. */
  async logIn(email: string, password: string): Promise<PageReply> {
    const form = await this.get('/v1/admin/login');
    return this.post('/v1/admin/login', { _csrf: csrfOf(form.text), email, password });
  }

  private async send(path: string, init: RequestInit): Promise<PageReply> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${baseUrl}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/Max-Age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return {
      status: response.status,
      location: response.headers.get('location'),
      text: await response.text(),
      headers: response.headers,
    };
  }
}

/** The first CSRF token of a page's forms. */
export function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('No CSRF token on this page');
  return match[1];
}
