import { testStack } from './stack';

const { baseUrl } = testStack();

export interface PageReply {
  status: number;
  headers: Headers;
  html: string;
}

/** A page as a browser without scripts would get it (redirects not followed). */
export async function getPage(url: string): Promise<PageReply> {
  const response = await fetch(url.startsWith('http') ? url : `${baseUrl}${url}`, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** Submits a form the way a browser does (application/x-www-form-urlencoded). */
export async function postForm(url: string, fields: Record<string, string>): Promise<PageReply> {
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** The value of a hidden (or any) input by name in server-rendered HTML. */
export function inputValue(html: string, name: string): string | undefined {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  return tag ? /value="([^"]*)"/.exec(tag)?.[1]?.replace(/&amp;/g, '&') : undefined;
}
