import { StorageError } from '../model/errors';
import { parseIsoInstant } from '../model/lock-rules';
import {
  type BucketObjectLock,
  type DefaultRetention,
  type LegalHoldStatus,
  RETENTION_MODES,
  type Retention,
  type RetentionMode,
} from '../model/object-lock';
import { configurationFields } from './configuration-body';
import { s3Document } from './s3-documents';

/** S3's own bounds for a default retention (a date past them could not be represented anyway). */
const MAX_DAYS = 36_500;
const MAX_YEARS = 100;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const modeOf = (value: unknown): RetentionMode => {
  if (!RETENTION_MODES.includes(value as RetentionMode)) throw new StorageError('MalformedXML');
  return value as RetentionMode;
};

export function objectLockConfigurationXml(lock: BucketObjectLock): string {
  const rule = lock.defaultRetention;
  return s3Document('ObjectLockConfiguration', {
    ObjectLockEnabled: 'Enabled',
    ...(rule
      ? {
          Rule: {
            DefaultRetention: {
              Mode: rule.mode,
              ...(rule.days === undefined ? {} : { Days: rule.days }),
              ...(rule.years === undefined ? {} : { Years: rule.years }),
            },
          },
        }
      : {}),
  });
}

/**
 * PutObjectLockConfiguration's body: ObjectLockEnabled must be Enabled; the optional Rule is a DefaultRetention
 * with a mode and exactly one of Days and Years (MalformedXML otherwise), a positive integer (InvalidRetentionPeriod).
 */
export function parseObjectLockConfiguration(text: string): BucketObjectLock {
  const { ObjectLockEnabled: enabled, Rule: rule } = configurationFields(text, 'ObjectLockConfiguration');
  if (enabled !== 'Enabled') throw new StorageError('MalformedXML');
  if (rule === undefined) return {};
  if (!isObject(rule) || !isObject(rule.DefaultRetention)) throw new StorageError('MalformedXML');
  const { Mode: mode, Days: days, Years: years } = rule.DefaultRetention;
  if ((days === undefined) === (years === undefined)) throw new StorageError('MalformedXML');
  const defaultRetention: DefaultRetention = { mode: modeOf(mode) };
  if (days !== undefined) defaultRetention.days = retentionPeriod(days, MAX_DAYS);
  else defaultRetention.years = retentionPeriod(years, MAX_YEARS);
  return { defaultRetention };
}

function retentionPeriod(value: unknown, max: number): number {
  if (typeof value !== 'string' || !/^\s*[+-]?\d+\s*$/.test(value)) throw new StorageError('MalformedXML');
  const period = Number(value);
  if (period < 1 || period > max) {
    throw new StorageError('InvalidRetentionPeriod', `The retention period must be a whole number from 1 to ${max}.`);
  }
  return period;
}

export function retentionXml(retention: Retention): string {
  return s3Document('Retention', { Mode: retention.mode, RetainUntilDate: retention.retainUntil });
}

/** PutObjectRetention's body: a mode and an ISO 8601 date; an empty `<Retention/>` removes the retention (undefined). */
export function parseRetention(text: string): Retention | undefined {
  const { Mode: mode, RetainUntilDate: until } = configurationFields(text, 'Retention');
  if (mode === undefined && until === undefined) return undefined;
  const retainUntil = typeof until === 'string' ? parseIsoInstant(until) : undefined;
  if (retainUntil === undefined) throw new StorageError('MalformedXML');
  return { mode: modeOf(mode), retainUntil };
}

export function legalHoldXml(status: LegalHoldStatus): string {
  return s3Document('LegalHold', { Status: status });
}

export function parseLegalHold(text: string): LegalHoldStatus {
  const { Status: status } = configurationFields(text, 'LegalHold');
  if (status !== 'ON' && status !== 'OFF') throw new StorageError('MalformedXML');
  return status;
}
