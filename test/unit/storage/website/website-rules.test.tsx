import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../../../lib/http/web';
import { BucketPage } from '../../../../lib/storage/console/views/bucket-page';
import { renderS3Error } from '../../../../lib/storage/http/s3-error-response';
import { StorageError } from '../../../../lib/storage/model/errors';
import { parseWebsiteConfiguration, websiteConfigurationXml } from '../../../../lib/storage/website/website-documents';
import { websiteEndpointUrl } from '../../../../lib/storage/website/website-endpoint-url';
import { websiteErrorPage } from '../../../../lib/storage/website/website-error-page';
import { WebsiteRequestFailure } from '../../../../lib/storage/website/website-failure';
import { indexedKey, redirectAllOf, routingRedirect } from '../../../../lib/storage/website/website-routing';

const doc = (inner: string) =>
  `<WebsiteConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${inner}</WebsiteConfiguration>`;
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof StorageError ? error.code : 'not a StorageError';
  }
  return 'accepted';
};

describe('WebsiteConfiguration documents', () => {
  it('round-trips index, error document and routing rules', () => {
    const text = doc(
      '<IndexDocument><Suffix>index.html</Suffix></IndexDocument><ErrorDocument><Key>e.html</Key></ErrorDocument>' +
        '<RoutingRules><RoutingRule><Condition><KeyPrefixEquals>a/</KeyPrefixEquals><HttpErrorCodeReturnedEquals>404</HttpErrorCodeReturnedEquals></Condition>' +
        '<Redirect><Protocol>https</Protocol><HostName>h.example</HostName><ReplaceKeyPrefixWith>b/</ReplaceKeyPrefixWith><HttpRedirectCode>302</HttpRedirectCode></Redirect></RoutingRule>' +
        '<RoutingRule><Redirect><ReplaceKeyWith>x.html</ReplaceKeyWith></Redirect></RoutingRule></RoutingRules>',
    );
    const parsed = parseWebsiteConfiguration(text);
    expect(parsed).toEqual({
      indexSuffix: 'index.html',
      errorKey: 'e.html',
      routingRules: [
        {
          condition: { keyPrefixEquals: 'a/', httpErrorCodeReturnedEquals: '404' },
          redirect: { protocol: 'https', hostName: 'h.example', replaceKeyPrefixWith: 'b/', httpRedirectCode: '302' },
        },
        { redirect: { replaceKeyWith: 'x.html' } },
      ],
    });
    expect(parseWebsiteConfiguration(websiteConfigurationXml(parsed))).toEqual(parsed);
  });

  it('refuses what S3 refuses, with S3 codes', () => {
    const index = '<IndexDocument><Suffix>index.html</Suffix></IndexDocument>';
    expect(
      codeOf(() =>
        parseWebsiteConfiguration(doc(`<RedirectAllRequestsTo><HostName>h</HostName></RedirectAllRequestsTo>${index}`)),
      ),
    ).toBe('InvalidArgument');
    expect(
      codeOf(() =>
        parseWebsiteConfiguration(
          doc(
            `${index}<RoutingRules><RoutingRule><Condition><KeyPrefixEquals>a</KeyPrefixEquals></Condition></RoutingRule></RoutingRules>`,
          ),
        ),
      ),
    ).toBe('MalformedXML');
    expect(codeOf(() => parseWebsiteConfiguration(doc('<IndexDocument><Suffix>a/b</Suffix></IndexDocument>')))).toBe(
      'InvalidArgument',
    );
    expect(codeOf(() => parseWebsiteConfiguration(doc('<IndexDocument><Suffix></Suffix></IndexDocument>')))).toBe(
      'InvalidArgument',
    );
    expect(codeOf(() => parseWebsiteConfiguration(doc('')))).toBe('InvalidArgument');
    expect(codeOf(() => parseWebsiteConfiguration('<nope'))).toBe('MalformedXML');
    expect(
      codeOf(() =>
        parseWebsiteConfiguration(
          doc('<RedirectAllRequestsTo><HostName>h</HostName><Protocol>ftp</Protocol></RedirectAllRequestsTo>'),
        ),
      ),
    ).toBe('InvalidRequest');
    const withRules = (rules: string) => parseWebsiteConfiguration(doc(`${index}<RoutingRules>${rules}</RoutingRules>`));
    // An empty RoutingRules (ceph/s3-tests' 'empty' case, a comment inside) is no rules.
    expect(withRules('<!-- none -->')).toEqual({ indexSuffix: 'index.html' });
    expect(
      codeOf(() => withRules('<RoutingRule><Redirect><HttpRedirectCode>300</HttpRedirectCode></Redirect></RoutingRule>')),
    ).toBe('InvalidArgument');
    expect(
      withRules('<RoutingRule><Redirect><HttpRedirectCode>308</HttpRedirectCode></Redirect></RoutingRule>').routingRules,
    ).toEqual([{ redirect: { httpRedirectCode: '308' } }]);
  });
});

describe('website routing', () => {
  const origin = { protocol: 'http', host: 'site.s3-website.localhost:3000' };
  const website = parseWebsiteConfiguration(
    doc(
      '<IndexDocument><Suffix>index.html</Suffix></IndexDocument><RoutingRules>' +
        '<RoutingRule><Condition><KeyPrefixEquals>docs/</KeyPrefixEquals></Condition><Redirect><ReplaceKeyPrefixWith>documents/</ReplaceKeyPrefixWith></Redirect></RoutingRule>' +
        '<RoutingRule><Condition><HttpErrorCodeReturnedEquals>404</HttpErrorCodeReturnedEquals></Condition><Redirect><HostName>fallback.example</HostName><HttpRedirectCode>307</HttpRedirectCode></Redirect></RoutingRule>' +
        '</RoutingRules>',
    ),
  );

  it('serves index documents for the root and folders only', () => {
    expect([indexedKey('', website), indexedKey('a/', website), indexedKey('a', website)]).toEqual([
      'index.html',
      'a/index.html',
      'a',
    ]);
  });

  it('applies prefix rules before the read and error rules after it, keeping the request’s scheme and host', () => {
    expect(routingRedirect(website, origin, 'docs/a b.html')).toEqual({
      status: 301,
      location: 'http://site.s3-website.localhost:3000/documents/a%20b.html',
    });
    expect(routingRedirect(website, origin, 'other.html')).toBeUndefined();
    expect(routingRedirect(website, origin, 'other.html', 404)).toEqual({
      status: 307,
      location: 'http://fallback.example/other.html',
    });
    expect(routingRedirect(website, origin, 'other.html', 403)).toBeUndefined();
    expect(redirectAllOf(website, origin, '/x')).toBeUndefined();
    expect(redirectAllOf({ redirectAll: { hostName: 'n.example' } }, origin, '/a%20b')).toEqual({
      status: 301,
      location: 'http://n.example/a%20b',
    });
  });
});

describe('website pages and links', () => {
  it('answers errors as S3’s HTML page, escaped', () => {
    const html = websiteErrorPage(new StorageError('NoSuchKey', undefined, { Key: '<script>' }), 'req-1');
    expect(html).toContain('<title>404 Not Found</title>');
    expect(html).toContain('<li>Code: NoSuchKey</li>');
    expect(html).toContain('<li>Key: &lt;script&gt;</li>');
    expect(html).toContain('<li>RequestId: req-1</li>');
  });

  it('answers a failure that is not an S3 error as an HTML 500 that leaks nothing', () => {
    const failure = renderS3Error(new WebsiteRequestFailure(new Error('secret internals')), {
      requestId: 'r',
      path: '/',
      method: 'GET',
    });
    expect([failure.statusCode, failure.headers?.['content-type'], failure.headers?.['x-amz-error-code']]).toEqual([
      500,
      'text/html; charset=utf-8',
      'InternalError',
    ]);
    expect(failure.body).toContain('<li>Code: InternalError</li>');
    expect(failure.body).not.toContain('secret internals');
    expect(failure.body).not.toContain('<?xml');
  });

  it('links the endpoint on the port the caller used, and shows it on the bucket page', () => {
    expect(websiteEndpointUrl('b', 's3-website.localhost', { protocol: 'http', host: 'localhost:3000' })).toBe(
      'http://b.s3-website.localhost:3000/',
    );
    expect(websiteEndpointUrl('b', 'web.example.com', { protocol: 'https', host: 'api.example.com' })).toBe(
      'https://b.web.example.com/',
    );
    const bucket = { name: 'b', ownerId: 'o', ownerDisplayName: 'o', createdAt: '2031-01-01T00:00:00Z', location: '' };
    const listing = {
      bucket,
      folder: '',
      search: '',
      folders: [],
      objects: [],
      may: { upload: true, configure: true, changeAcl: true },
    };
    const frame = { stage: 'sandbox' as const, base: '/v1/console', user: { displayName: 'o', accessKey: 'AK', csrf: 't' } };
    const withSite = renderDocument(<BucketPage {...frame} listing={listing} websiteUrl="http://b.s3-website.localhost:3000/" />);
    expect(withSite).toContain('<dt>Website</dt>');
    expect(withSite).toContain('href="http://b.s3-website.localhost:3000/"');
    expect(renderDocument(<BucketPage {...frame} listing={listing} />)).not.toContain('<dt>Website</dt>');
  });
});
