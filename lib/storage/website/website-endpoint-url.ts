/**
 * A bucket's website endpoint as a link: `<bucket>.<websiteHost>`, on the scheme and port the caller reached this
 * service on (a local stack listens on one port for everything; a deployed one on 443).
 */
export function websiteEndpointUrl(bucket: string, websiteHost: string, via: { protocol: string; host?: string }): string {
  const port = /:(\d+)$/.exec(via.host ?? '')?.[1];
  const defaultPort = via.protocol === 'https' ? '443' : '80';
  return `${via.protocol}://${bucket}.${websiteHost}${port && port !== defaultPort ? `:${port}` : ''}/`;
}
