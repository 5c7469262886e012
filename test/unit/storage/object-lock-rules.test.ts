import { describe, expect, it } from 'vitest';
import type { BucketRecord } from '../../../lib/storage/model/bucket';
import {
  bypassGovernanceRequested,
  governanceBypassed,
  objectLockAtCreation,
  requestedObjectLock,
} from '../../../lib/storage/model/lock-request-headers';
import { objectLockHeaders } from '../../../lib/storage/model/lock-response-headers';
import {
  assertDeletable,
  assertRetentionChange,
  defaultRetainUntil,
  deletionLocked,
  lockForNewVersion,
  parseIsoInstant,
} from '../../../lib/storage/model/lock-rules';
import type { Retention } from '../../../lib/storage/model/object-lock';
import {
  legalHoldXml,
  objectLockConfigurationXml,
  parseLegalHold,
  parseObjectLockConfiguration,
  parseRetention,
  retentionXml,
} from '../../../lib/storage/xml/object-lock-documents';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const LATER = '2030-01-01T00:00:00.000Z';
const SOONER = '2029-01-01T00:00:00.000Z';
const PAST = '2025-01-01T00:00:00.000Z';
const governance = (retainUntil: string): Retention => ({ mode: 'GOVERNANCE', retainUntil });
const compliance = (retainUntil: string): Retention => ({ mode: 'COMPLIANCE', retainUntil });
const code = (code: string) => expect.objectContaining({ code });

const bucket = (extra: Partial<BucketRecord> = {}): BucketRecord => ({
  name: 'locked',
  ownerId: 'owner',
  ownerDisplayName: 'Owner',
  createdAt: NOW.toISOString(),
  location: '',
  ...extra,
});
const user = (id: string) => ({
  kind: 'user' as const,
  user: { id, displayName: id, email: `${id}@x.test`, accessKey: 'AK', createdAt: NOW.toISOString() },
});

describe('object lock: what may be deleted', () => {
  it('a legal hold or an active retention locks; GOVERNANCE yields to the bypass, COMPLIANCE and legal hold never', () => {
    const table: [Parameters<typeof deletionLocked>[0], boolean, boolean][] = [
      [undefined, false, false],
      [{}, false, false],
      [{ legalHold: 'OFF' }, false, false],
      [{ legalHold: 'ON' }, true, true],
      [{ retention: governance(LATER) }, true, false],
      [{ retention: compliance(LATER) }, true, true],
      [{ retention: governance(PAST) }, false, false],
      [{ retention: compliance(PAST) }, false, false],
      [{ retention: governance(PAST), legalHold: 'ON' }, true, true],
    ];
    for (const [lock, withoutBypass, withBypass] of table) {
      expect([deletionLocked(lock, NOW, false), deletionLocked(lock, NOW, true)], JSON.stringify(lock)).toEqual([
        withoutBypass,
        withBypass,
      ]);
    }
    expect(() => assertDeletable({ retention: compliance(LATER) }, NOW, true)).toThrow(code('AccessDenied'));
    expect(() => assertDeletable({ retention: governance(LATER) }, NOW, true)).not.toThrow();
  });

  it('a retention ends at its date to the millisecond', () => {
    const at = new Date(LATER);
    expect(deletionLocked({ retention: compliance(LATER) }, new Date(at.getTime() - 1), false)).toBe(true);
    expect(deletionLocked({ retention: compliance(LATER) }, at, false)).toBe(false);
  });
});

describe('object lock: retention changes', () => {
  const allowed = (current: Retention | undefined, next: Retention | undefined, bypass: boolean) => {
    try {
      assertRetentionChange(current, next, NOW, bypass);
      return 'allowed';
    } catch (error) {
      return (error as { code: string }).code;
    }
  };

  it('COMPLIANCE is only kept or extended; GOVERNANCE shortens, goes or changes mode only with the bypass', () => {
    expect(allowed(undefined, compliance(SOONER), false)).toBe('allowed');
    expect(allowed(compliance(SOONER), compliance(LATER), false)).toBe('allowed');
    expect(allowed(compliance(LATER), compliance(LATER), false)).toBe('allowed');
    expect(allowed(compliance(LATER), compliance(SOONER), true)).toBe('AccessDenied');
    expect(allowed(compliance(LATER), governance(LATER), true)).toBe('AccessDenied');
    expect(allowed(compliance(LATER), undefined, true)).toBe('AccessDenied');
    expect(allowed(governance(SOONER), governance(LATER), false)).toBe('allowed');
    expect(allowed(governance(LATER), governance(SOONER), false)).toBe('AccessDenied');
    expect(allowed(governance(LATER), governance(SOONER), true)).toBe('allowed');
    expect(allowed(governance(LATER), compliance(LATER), false)).toBe('AccessDenied');
    expect(allowed(governance(LATER), compliance(LATER), true)).toBe('allowed');
    expect(allowed(governance(LATER), undefined, false)).toBe('AccessDenied');
    expect(allowed(governance(LATER), undefined, true)).toBe('allowed');
  });

  it('an expired retention binds nothing', () => {
    expect(allowed(compliance(PAST), governance(LATER), false)).toBe('allowed');
    expect(allowed(compliance(PAST), undefined, false)).toBe('allowed');
  });
});

describe('object lock: retention arithmetic and new versions', () => {
  it('counts days and 365-day years from the write', () => {
    expect(defaultRetainUntil({ mode: 'GOVERNANCE', days: 1 }, NOW)).toBe('2025-06-02T12:00:00.000Z');
    expect(defaultRetainUntil({ mode: 'COMPLIANCE', years: 1 }, NOW)).toBe('2026-06-01T12:00:00.000Z');
  });

  it("the request's retention wins over the bucket default; a legal hold alone still gets the default", () => {
    const lockConfig = { defaultRetention: { mode: 'GOVERNANCE' as const, days: 2 } };
    expect(lockForNewVersion(undefined, undefined, NOW)).toBeUndefined();
    expect(lockForNewVersion({}, undefined, NOW)).toBeUndefined();
    expect(lockForNewVersion(lockConfig, undefined, NOW)).toEqual({ retention: governance('2025-06-03T12:00:00.000Z') });
    expect(lockForNewVersion(lockConfig, { retention: compliance(LATER) }, NOW)).toEqual({ retention: compliance(LATER) });
    expect(lockForNewVersion(lockConfig, { legalHold: 'ON' }, NOW)).toEqual({
      legalHold: 'ON',
      retention: governance('2025-06-03T12:00:00.000Z'),
    });
  });

  it('reads ISO 8601 instants with a zone, to the millisecond', () => {
    expect(parseIsoInstant('2030-01-01T00:00:00Z')).toBe(LATER);
    expect(parseIsoInstant('2030-01-01T02:00:00.123456+02:00')).toBe('2030-01-01T00:00:00.123Z');
    for (const bad of ['2030-01-01', '2030-01-01T00:00:00', 'tomorrow', '2030-13-45T00:00:00Z', '']) {
      expect(parseIsoInstant(bad), bad).toBeUndefined();
    }
  });
});

describe('object lock: request and response headers', () => {
  const lockBucket = bucket({ versioning: 'Enabled', objectLock: {} });
  const headers = (values: Record<string, string | undefined>): Record<string, string[]> =>
    Object.fromEntries(Object.entries(values).flatMap(([name, value]) => (value === undefined ? [] : [[name, [value]]])));
  const MODE = 'x-amz-object-lock-mode';
  const UNTIL = 'x-amz-object-lock-retain-until-date';
  const HOLD = 'x-amz-object-lock-legal-hold';

  it('reads mode, date and legal hold; refuses them all on a bucket without lock', () => {
    expect(requestedObjectLock(lockBucket, {}, NOW)).toBeUndefined();
    expect(requestedObjectLock(lockBucket, headers({ [MODE]: 'COMPLIANCE', [UNTIL]: LATER, [HOLD]: 'ON' }), NOW)).toEqual({
      retention: compliance(LATER),
      legalHold: 'ON',
    });
    expect(requestedObjectLock(lockBucket, headers({ [HOLD]: 'OFF' }), NOW)).toEqual({ legalHold: 'OFF' });
    for (const sent of [{ [HOLD]: 'ON' }, { [MODE]: 'GOVERNANCE', [UNTIL]: LATER }]) {
      expect(() => requestedObjectLock(bucket(), headers(sent), NOW)).toThrow(code('InvalidRequest'));
    }
  });

  it('refuses half a retention, unknown values and dates not in the future with InvalidArgument', () => {
    for (const sent of [
      { [MODE]: 'GOVERNANCE' },
      { [UNTIL]: LATER },
      { [MODE]: 'governance', [UNTIL]: LATER },
      { [MODE]: 'GOVERNANCE', [UNTIL]: 'next year' },
      { [MODE]: 'GOVERNANCE', [UNTIL]: PAST },
      { [HOLD]: 'on' },
    ]) {
      expect(() => requestedObjectLock(lockBucket, headers(sent), NOW), JSON.stringify(sent)).toThrow(code('InvalidArgument'));
    }
  });

  it('the governance bypass counts only when asked for, and only from the bucket owner', () => {
    expect(bypassGovernanceRequested(headers({ 'x-amz-bypass-governance-retention': 'True' }))).toBe(true);
    expect(bypassGovernanceRequested(headers({ 'x-amz-bypass-governance-retention': 'false' }))).toBe(false);
    expect(bypassGovernanceRequested({})).toBe(false);
    expect(governanceBypassed(user('owner'), lockBucket, true)).toBe(true);
    expect(governanceBypassed(user('writer'), lockBucket, true)).toBe(false);
    expect(governanceBypassed({ kind: 'anonymous' }, lockBucket, true)).toBe(false);
    expect(governanceBypassed(user('owner'), lockBucket, false)).toBe(false);
  });

  it('CreateBucket: true makes a versioned lock bucket, false or nothing an ordinary one', () => {
    const enabled = (value?: string) =>
      objectLockAtCreation(value === undefined ? {} : headers({ 'x-amz-bucket-object-lock-enabled': value }));
    expect(enabled('true')).toEqual({ versioning: 'Enabled', objectLock: {} });
    expect(enabled('false')).toEqual({});
    expect(enabled()).toEqual({});
    expect(() => enabled('yes')).toThrow(code('InvalidArgument'));
  });

  it('GET and HEAD carry what the version has', () => {
    expect(objectLockHeaders(undefined)).toEqual({});
    expect(objectLockHeaders({ retention: governance(LATER), legalHold: 'OFF' })).toEqual({
      'x-amz-object-lock-mode': 'GOVERNANCE',
      'x-amz-object-lock-retain-until-date': LATER,
      'x-amz-object-lock-legal-hold': 'OFF',
    });
  });
});

describe('object lock: XML documents', () => {
  const config = (rule: string, enabled = 'Enabled') =>
    `<ObjectLockConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><ObjectLockEnabled>${enabled}</ObjectLockEnabled>${rule}</ObjectLockConfiguration>`;
  const rule = (inner: string) => `<Rule><DefaultRetention>${inner}</DefaultRetention></Rule>`;

  it('reads a configuration with or without a default retention, and writes it back', () => {
    expect(parseObjectLockConfiguration(config(''))).toEqual({});
    const parsed = parseObjectLockConfiguration(config(rule('<Mode>COMPLIANCE</Mode><Years>2</Years>')));
    expect(parsed).toEqual({ defaultRetention: { mode: 'COMPLIANCE', years: 2 } });
    expect(objectLockConfigurationXml(parsed)).toContain(
      '<ObjectLockEnabled>Enabled</ObjectLockEnabled><Rule><DefaultRetention><Mode>COMPLIANCE</Mode><Years>2</Years></DefaultRetention></Rule>',
    );
    expect(objectLockConfigurationXml({})).not.toContain('<Rule>');
  });

  it('MalformedXML for a bad shape or mode, InvalidRetentionPeriod for a period out of range', () => {
    for (const body of [
      config('', 'Disabled'),
      config(rule('<Mode>GOVERNANCE</Mode><Days>1</Days><Years>1</Years>')),
      config(rule('<Mode>GOVERNANCE</Mode>')),
      config(rule('<Mode>governance</Mode><Days>1</Days>')),
      config(rule('<Mode>GOVERNANCE</Mode><Days>one</Days>')),
      config('<Rule/>'),
      '<ObjectLockConfiguration><ObjectLockEnabled>Enabled',
    ]) {
      expect(() => parseObjectLockConfiguration(body), body).toThrow(code('MalformedXML'));
    }
    for (const period of ['<Days>0</Days>', '<Years>-1</Years>', '<Days>36501</Days>', '<Years>101</Years>']) {
      expect(() => parseObjectLockConfiguration(config(rule(`<Mode>GOVERNANCE</Mode>${period}`)))).toThrow(
        code('InvalidRetentionPeriod'),
      );
    }
  });

  it('retention and legal hold documents both ways; an empty Retention removes it', () => {
    const retention = parseRetention(retentionXml(governance(LATER)));
    expect(retention).toEqual(governance(LATER));
    expect(parseRetention('<Retention/>')).toBeUndefined();
    for (const bad of [
      '<Retention><Mode>GOVERNANCE</Mode></Retention>',
      '<Retention><Mode>abc</Mode><RetainUntilDate>2030-01-01T00:00:00Z</RetainUntilDate></Retention>',
      '<Retention><Mode>GOVERNANCE</Mode><RetainUntilDate>soon</RetainUntilDate></Retention>',
    ]) {
      expect(() => parseRetention(bad), bad).toThrow(code('MalformedXML'));
    }
    expect(parseLegalHold(legalHoldXml('ON'))).toBe('ON');
    expect(() => parseLegalHold('<LegalHold><Status>abc</Status></LegalHold>')).toThrow(code('MalformedXML'));
  });
});
