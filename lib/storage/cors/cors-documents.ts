import { XMLValidator } from 'fast-xml-parser';
import { CORS_METHODS, type CorsRule } from '../model/cors-rules';
import { StorageError } from '../model/errors';
import { s3Document } from '../xml/s3-documents';
import { s3XmlParser } from '../xml/xml-parser';

/** S3's limit on rules per bucket. */
const MAX_RULES = 100;
const LISTS = new Set(['CORSRule', 'AllowedOrigin', 'AllowedMethod', 'AllowedHeader', 'ExposeHeader']);
const parser = s3XmlParser({ isArray: (name) => LISTS.has(name) });

const strings = (value: unknown): string[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw new StorageError('MalformedXML');
  return (value as string[]).map((item) => item.trim());
};

/** PutBucketCors' body: 1-100 rules, each with at least one origin and one of S3's five methods. */
export function parseCorsConfiguration(text: string): CorsRule[] {
  if (text.trim() === '' || XMLValidator.validate(text) !== true) throw new StorageError('MalformedXML');
  const root = (parser.parse(text) as { CORSConfiguration?: { CORSRule?: unknown[] } }).CORSConfiguration;
  const rules = typeof root === 'object' && root !== null ? root.CORSRule : undefined;
  if (!Array.isArray(rules) || rules.length === 0 || rules.length > MAX_RULES) throw new StorageError('MalformedXML');
  return rules.map((element) => {
    if (typeof element !== 'object' || element === null) throw new StorageError('MalformedXML');
    const fields = element as Record<string, unknown>;
    const rule: CorsRule = {
      allowedOrigins: strings(fields.AllowedOrigin),
      allowedMethods: strings(fields.AllowedMethod),
      allowedHeaders: strings(fields.AllowedHeader),
      exposeHeaders: strings(fields.ExposeHeader),
    };
    if (rule.allowedOrigins.length === 0 || rule.allowedMethods.length === 0) throw new StorageError('MalformedXML');
    const unsupported = rule.allowedMethods.find((method) => !CORS_METHODS.includes(method));
    if (unsupported !== undefined) {
      throw new StorageError(
        'InvalidRequest',
        `Found unsupported HTTP method in CORS config. Unsupported method is ${unsupported}`,
      );
    }
    for (const origin of rule.allowedOrigins) {
      if (origin.split('*').length > 2) {
        throw new StorageError('InvalidRequest', `AllowedOrigin "${origin}" can not have more than one wildcard.`);
      }
    }
    if (typeof fields.ID === 'string') rule.id = fields.ID;
    if (fields.MaxAgeSeconds !== undefined) {
      if (typeof fields.MaxAgeSeconds !== 'string' || !/^\d{1,9}$/.test(fields.MaxAgeSeconds.trim())) {
        throw new StorageError('MalformedXML');
      }
      rule.maxAgeSeconds = Number(fields.MaxAgeSeconds);
    }
    return rule;
  });
}

export function corsConfigurationXml(rules: readonly CorsRule[]): string {
  return s3Document('CORSConfiguration', {
    CORSRule: rules.map((rule) => ({
      ...(rule.id === undefined ? {} : { ID: rule.id }),
      AllowedHeader: rule.allowedHeaders,
      AllowedMethod: rule.allowedMethods,
      AllowedOrigin: rule.allowedOrigins,
      ExposeHeader: rule.exposeHeaders,
      ...(rule.maxAgeSeconds === undefined ? {} : { MaxAgeSeconds: rule.maxAgeSeconds }),
    })),
  });
}
