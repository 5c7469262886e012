/** A bucket's `?website` configuration, as S3's WebsiteConfiguration holds it (absent fields are S3's defaults). */
export interface WebsiteConfiguration {
  /** IndexDocument/Suffix: the key served for `/` and for every key ending in `/`. */
  indexSuffix?: string;
  /** ErrorDocument/Key: the object served (with the error's status) when a request fails. */
  errorKey?: string;
  /** RedirectAllRequestsTo: every request goes to this host (the only field when set). */
  redirectAll?: { hostName: string; protocol?: WebsiteProtocol };
  routingRules?: RoutingRule[];
}

export type WebsiteProtocol = 'http' | 'https';

/** A RoutingRule: when the condition holds (all of it; no condition: always), redirect. */
export interface RoutingRule {
  condition?: { keyPrefixEquals?: string; httpErrorCodeReturnedEquals?: string };
  redirect: {
    protocol?: WebsiteProtocol;
    hostName?: string;
    replaceKeyPrefixWith?: string;
    replaceKeyWith?: string;
    /** S3's default is 301. */
    httpRedirectCode?: string;
  };
}
