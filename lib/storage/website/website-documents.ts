import { XMLValidator } from 'fast-xml-parser';
import { StorageError } from '../model/errors';
import type { RoutingRule, WebsiteConfiguration, WebsiteProtocol } from '../model/website-configuration';
import { s3Document } from '../xml/s3-documents';
import { s3XmlParser } from '../xml/xml-parser';

/** S3's limit on routing rules per configuration. */
const MAX_ROUTING_RULES = 50;
const parser = s3XmlParser({ isArray: (name) => name === 'RoutingRule' });

type Element = Record<string, unknown>;

const invalid = (message: string, name?: string, value?: string) =>
  new StorageError('InvalidArgument', message, {
    ...(name === undefined ? {} : { ArgumentName: name }),
    ...(value === undefined ? {} : { ArgumentValue: value }),
  });

/** An element that must be a nested element (`<IndexDocument><Suffix>…`), or absent. */
function element(value: unknown): Element | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new StorageError('MalformedXML');
  return value as Element;
}

/** A leaf's text, or absent; a nested element where text belongs is MalformedXML. */
function text(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (value === '') return '';
  if (typeof value !== 'string') throw new StorageError('MalformedXML');
  return value.trim();
}

function protocolOf(value: unknown): WebsiteProtocol | undefined {
  const protocol = text(value);
  if (protocol === undefined) return undefined;
  if (protocol !== 'http' && protocol !== 'https') {
    throw new StorageError(
      'InvalidRequest',
      'Invalid protocol, protocol can be http or https. If not defined the protocol will be selected automatically.',
    );
  }
  return protocol;
}

/**
 * PutBucketWebsite's body, validated as S3 validates it: RedirectAllRequestsTo alone or an IndexDocument (with
 * optional ErrorDocument and RoutingRules); a Suffix that is empty or has a `/`, a RoutingRule without its Redirect,
 * or a redirect code outside 3xx is refused; nothing is stored on any error.
 */
export function parseWebsiteConfiguration(document: string): WebsiteConfiguration {
  if (document.trim() === '' || XMLValidator.validate(document) !== true) throw new StorageError('MalformedXML');
  const parsed = (parser.parse(document) as Element).WebsiteConfiguration;
  const root = element(parsed === '' ? {} : parsed);
  if (root === undefined) throw new StorageError('MalformedXML');
  const redirectAll = element(root.RedirectAllRequestsTo);
  const index = element(root.IndexDocument);
  const error = element(root.ErrorDocument);
  const rules = root.RoutingRules === undefined ? undefined : element(root.RoutingRules === '' ? {} : root.RoutingRules);
  if (redirectAll !== undefined) {
    if (index !== undefined || error !== undefined || rules !== undefined) {
      throw invalid('RedirectAllRequestsTo cannot be provided in conjunction with other Routing Rules.', 'RedirectAllRequestsTo');
    }
    const hostName = text(redirectAll.HostName);
    if (!hostName) throw new StorageError('MalformedXML');
    const protocol = protocolOf(redirectAll.Protocol);
    return { redirectAll: { hostName, ...(protocol ? { protocol } : {}) } };
  }
  if (index === undefined) {
    throw invalid('A value for IndexDocument Suffix must be provided if RedirectAllRequestsTo is empty', 'IndexDocument');
  }
  const suffix = text(index.Suffix);
  if (!suffix || suffix.includes('/')) {
    throw invalid('The IndexDocument Suffix is not well formed', 'IndexDocument', suffix ?? '');
  }
  const errorKey = error === undefined ? undefined : text(error.Key);
  if (error !== undefined && !errorKey) throw invalid('The ErrorDocument Key is not well formed', 'ErrorDocument', '');
  const routingRules = rules === undefined ? undefined : parseRoutingRules(rules.RoutingRule);
  return {
    indexSuffix: suffix,
    ...(errorKey ? { errorKey } : {}),
    ...(routingRules ? { routingRules } : {}),
  };
}

/** An empty `<RoutingRules/>` is no rules, as S3 (and ceph/s3-tests) take it. */
function parseRoutingRules(value: unknown): RoutingRule[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw new StorageError('MalformedXML');
  if (value.length > MAX_ROUTING_RULES) {
    throw invalid(`The number of routing rules must not exceed the allowed limit of ${MAX_ROUTING_RULES} rules`, 'RoutingRules');
  }
  return value.map((item): RoutingRule => {
    const rule = element(item === '' ? {} : item) ?? {};
    // S3's schema requires Redirect in every rule: a document without it does not validate.
    const redirect = element(rule.Redirect === '' ? {} : rule.Redirect);
    if (redirect === undefined) throw new StorageError('MalformedXML');
    const condition = element(rule.Condition === '' ? {} : rule.Condition);
    const keyPrefixEquals = condition === undefined ? undefined : text(condition.KeyPrefixEquals);
    const errorCode = statusCode(
      condition?.HttpErrorCodeReturnedEquals,
      /^[45]\d\d$/,
      'HttpErrorCodeReturnedEquals',
      'The provided HTTP error code is not valid. Valid codes are 4XX or 5XX.',
    );
    const replaceKeyWith = text(redirect.ReplaceKeyWith);
    const replaceKeyPrefixWith = text(redirect.ReplaceKeyPrefixWith);
    if (replaceKeyWith !== undefined && replaceKeyPrefixWith !== undefined) {
      throw invalid('You can only define ReplaceKeyPrefix or ReplaceKey but not both.', 'ReplaceKeyWith');
    }
    const code = statusCode(
      redirect.HttpRedirectCode,
      /^3(0[1-9]|[1-9]\d)$/,
      'HttpRedirectCode',
      `The provided HTTP redirect code (${text(redirect.HttpRedirectCode)}) is not valid. Valid codes are 3XX except 300.`,
    );
    const protocol = protocolOf(redirect.Protocol);
    const hostName = text(redirect.HostName);
    return {
      ...(keyPrefixEquals !== undefined || errorCode !== undefined
        ? {
            condition: {
              ...(keyPrefixEquals === undefined ? {} : { keyPrefixEquals }),
              ...(errorCode === undefined ? {} : { httpErrorCodeReturnedEquals: errorCode }),
            },
          }
        : {}),
      redirect: {
        ...(protocol ? { protocol } : {}),
        ...(hostName ? { hostName } : {}),
        ...(replaceKeyPrefixWith === undefined ? {} : { replaceKeyPrefixWith }),
        ...(replaceKeyWith === undefined ? {} : { replaceKeyWith }),
        ...(code ? { httpRedirectCode: code } : {}),
      },
    };
  });
}

/** An HTTP status element of a routing rule: absent, or a code of the kind the element allows. */
function statusCode(value: unknown, allowed: RegExp, name: string, message: string): string | undefined {
  const code = text(value);
  if (code !== undefined && !allowed.test(code)) throw invalid(message, name, code);
  return code;
}

/** GetBucketWebsite's answer. */
export function websiteConfigurationXml(website: WebsiteConfiguration): string {
  if (website.redirectAll) {
    const { hostName, protocol } = website.redirectAll;
    return s3Document('WebsiteConfiguration', {
      RedirectAllRequestsTo: { HostName: hostName, ...(protocol ? { Protocol: protocol } : {}) },
    });
  }
  return s3Document('WebsiteConfiguration', {
    ...(website.indexSuffix === undefined ? {} : { IndexDocument: { Suffix: website.indexSuffix } }),
    ...(website.errorKey === undefined ? {} : { ErrorDocument: { Key: website.errorKey } }),
    ...(website.routingRules
      ? {
          RoutingRules: {
            RoutingRule: website.routingRules.map(({ condition, redirect }) => ({
              ...(condition
                ? {
                    Condition: {
                      ...(condition.keyPrefixEquals === undefined ? {} : { KeyPrefixEquals: condition.keyPrefixEquals }),
                      ...(condition.httpErrorCodeReturnedEquals === undefined
                        ? {}
                        : { HttpErrorCodeReturnedEquals: condition.httpErrorCodeReturnedEquals }),
                    },
                  }
                : {}),
              Redirect: {
                ...(redirect.protocol ? { Protocol: redirect.protocol } : {}),
                ...(redirect.hostName ? { HostName: redirect.hostName } : {}),
                ...(redirect.replaceKeyPrefixWith === undefined ? {} : { ReplaceKeyPrefixWith: redirect.replaceKeyPrefixWith }),
                ...(redirect.replaceKeyWith === undefined ? {} : { ReplaceKeyWith: redirect.replaceKeyWith }),
                ...(redirect.httpRedirectCode ? { HttpRedirectCode: redirect.httpRedirectCode } : {}),
              },
            })),
          },
        }
      : {}),
  });
}
