import { describe, expect, it } from 'vitest';
import { lifecycleConfigurationXml, parseLifecycleConfiguration } from '../../../../lib/storage/lifecycle/lifecycle-documents';
import type { StorageError } from '../../../../lib/storage/model/errors';
import { expirationHeader } from '../../../../lib/storage/model/expiration-header';
import { dueAfter } from '../../../../lib/storage/model/lifecycle-clock';
import { ruleApplies } from '../../../../lib/storage/model/lifecycle-rule';

const configuration = (...rules: string[]) =>
  `<LifecycleConfiguration>${rules.map((rule) => `<Rule>${rule}</Rule>`).join('')}</LifecycleConfiguration>`;
const codeOf = (document: string) => {
  try {
    parseLifecycleConfiguration(document);
  } catch (error) {
    return (error as StorageError).code;
  }
  return 'accepted';
};

describe('lifecycle configuration documents', () => {
  it('reads V1 and V2 rules and writes them back in the shape they came', () => {
    const rules = parseLifecycleConfiguration(
      configuration(
        '<ID>v1</ID><Prefix>logs/</Prefix><Status>Enabled</Status><Expiration><Days>30</Days></Expiration>',
        '<ID>tag</ID><Filter><Tag><Key>k</Key><Value>v</Value></Tag></Filter><Status>Disabled</Status><Expiration><Date>2030-01-01T00:00:00Z</Date></Expiration>',
        '<ID>and</ID><Filter><And><Prefix>big/</Prefix><Tag><Key>a</Key><Value>1</Value></Tag><Tag><Key>b</Key><Value>2</Value></Tag><ObjectSizeGreaterThan>100</ObjectSizeGreaterThan></And></Filter><Status>Enabled</Status><NoncurrentVersionExpiration><NoncurrentDays>2</NoncurrentDays><NewerNoncurrentVersions>3</NewerNoncurrentVersions></NoncurrentVersionExpiration>',
        '<Filter/><Status>Enabled</Status><AbortIncompleteMultipartUpload><DaysAfterInitiation>7</DaysAfterInitiation></AbortIncompleteMultipartUpload><Expiration><ExpiredObjectDeleteMarker>true</ExpiredObjectDeleteMarker></Expiration>',
      ),
    );
    expect(rules.map((rule) => rule.id)).toEqual(['v1', 'tag', 'and', 'rule-4']);
    // RGW's side-by-side predicates (no And) mean the same as And, and come back as sent.
    const [sideBySide] = parseLifecycleConfiguration(
      configuration(
        '<ID>s</ID><Filter><Prefix>p/</Prefix><Tag><Key>k</Key><Value>v</Value></Tag><ObjectSizeGreaterThan>10</ObjectSizeGreaterThan></Filter><Status>Enabled</Status><Expiration><Days>1</Days></Expiration>',
      ),
    );
    expect(ruleApplies(sideBySide!, { key: 'p/x', size: 11, tags: [{ key: 'k', value: 'v' }] })).toBe(true);
    expect(ruleApplies(sideBySide!, { key: 'p/x', size: 11 })).toBe(false);
    expect(ruleApplies(sideBySide!, { key: 'p/x', size: 10, tags: [{ key: 'k', value: 'v' }] })).toBe(false);
    // And beside other predicates (s3-tests' tags2): every one must hold.
    const [mixed] = parseLifecycleConfiguration(
      configuration(
        '<ID>m</ID><Filter><Prefix>days1/</Prefix><Tag><Key>tom</Key><Value>sawyer</Value></Tag><And><Prefix>days1</Prefix><Tag><Key>huck</Key><Value>finn</Value></Tag></And></Filter><Status>Enabled</Status><Expiration><Days>1</Days></Expiration>',
      ),
    );
    const tom = { key: 'tom', value: 'sawyer' };
    const huck = { key: 'huck', value: 'finn' };
    expect(ruleApplies(mixed!, { key: 'days1/huck', size: 1, tags: [tom, huck] })).toBe(true);
    expect(ruleApplies(mixed!, { key: 'days1/tom', size: 1, tags: [tom] })).toBe(false);
    expect(ruleApplies(mixed!, { key: 'days1x', size: 1, tags: [tom, huck] })).toBe(false);
    expect(parseLifecycleConfiguration(lifecycleConfigurationXml([mixed!]))).toEqual([mixed]);
    expect(lifecycleConfigurationXml([sideBySide!])).toContain(
      '<Filter><Prefix>p/</Prefix><Tag><Key>k</Key><Value>v</Value></Tag><ObjectSizeGreaterThan>10</ObjectSizeGreaterThan></Filter>',
    );
    expect(rules[2]).toMatchObject({
      filter: {
        and: {
          prefix: 'big/',
          tags: [
            { key: 'a', value: '1' },
            { key: 'b', value: '2' },
          ],
          sizeGreaterThan: 100,
        },
      },
      noncurrentVersionExpiration: { noncurrentDays: 2, newerNoncurrentVersions: 3 },
    });
    expect(parseLifecycleConfiguration(lifecycleConfigurationXml(rules))).toEqual(rules);
    expect(lifecycleConfigurationXml(rules)).toContain('<Rule><ID>v1</ID><Prefix>logs/</Prefix><Status>Enabled</Status>');
  });

  it('refuses what S3 refuses', () => {
    const ok = '<Status>Enabled</Status><Expiration><Days>1</Days></Expiration>';
    expect(codeOf('')).toBe('MalformedXML');
    expect(codeOf('<LifecycleConfiguration/>')).toBe('MalformedXML');
    expect(codeOf(configuration('<ID>r</ID><Prefix>a</Prefix><Status>On</Status><Expiration><Days>1</Days></Expiration>'))).toBe(
      'MalformedXML',
    );
    expect(codeOf(configuration('<Prefix>a</Prefix><Filter><Prefix>a</Prefix></Filter>' + ok))).toBe('MalformedXML');
    expect(
      codeOf(
        configuration('<Filter><Tag><Key>k</Key><Value>v</Value></Tag><Tag><Key>j</Key><Value>w</Value></Tag></Filter>' + ok),
      ),
    ).toBe('MalformedXML');
    expect(codeOf(configuration('<Prefix>a</Prefix><Status>Enabled</Status><Expiration><Days>-1</Days></Expiration>'))).toBe(
      'InvalidArgument',
    );
    expect(
      codeOf(configuration('<Prefix>a</Prefix><Status>Enabled</Status><Expiration><Date>20200101</Date></Expiration>')),
    ).toBe('InvalidArgument');
    expect(
      codeOf(
        configuration('<Prefix>a</Prefix><Status>Enabled</Status><Expiration><Days>1</Days><Date>2020-01-01</Date></Expiration>'),
      ),
    ).toBe('MalformedXML');
    expect(codeOf(configuration(`<ID>${'i'.repeat(256)}</ID><Prefix>a</Prefix>${ok}`))).toBe('InvalidArgument');
    expect(codeOf(configuration(`<ID>same</ID><Prefix>a</Prefix>${ok}`, `<ID>same</ID><Prefix>b</Prefix>${ok}`))).toBe(
      'InvalidArgument',
    );
    // Overlapping prefixes with the same action contradict each other; tag-narrowed or disabled rules may overlap.
    const slow = '<Status>Enabled</Status><Expiration><Days>30</Days></Expiration>';
    expect(codeOf(configuration(`<ID>a</ID><Prefix>logs</Prefix>${ok}`, `<ID>b</ID><Prefix>logs/x</Prefix>${slow}`))).toBe(
      'InvalidRequest',
    );
    expect(codeOf(configuration(`<ID>a</ID><Prefix>logs</Prefix>${ok}`, `<ID>b</ID><Prefix>logs/x</Prefix>${ok}`))).toBe(
      'accepted',
    );
    expect(
      codeOf(
        configuration(
          `<ID>a</ID><Prefix>logs</Prefix>${ok}`,
          `<ID>b</ID><Prefix>logs/x</Prefix><Status>Disabled</Status><Expiration><Days>1</Days></Expiration>`,
        ),
      ),
    ).toBe('accepted');
    expect(
      codeOf(
        configuration(
          `<ID>a</ID><Prefix>logs</Prefix>${ok}`,
          `<ID>b</ID><Filter><And><Prefix>logs/x</Prefix><Tag><Key>k</Key><Value>v</Value></Tag></And></Filter>${ok}`,
        ),
      ),
    ).toBe('accepted');
    expect(
      codeOf(
        configuration(
          '<Prefix>a</Prefix><Status>Enabled</Status><Transition><Days>1</Days><StorageClass>GLACIER</StorageClass></Transition>',
        ),
      ),
    ).toBe('NotImplemented');
  });
});

describe('lifecycle clock and header', () => {
  it("counts S3's days from the next midnight UTC, a short debug day from the last modification", () => {
    expect(dueAfter('2026-03-01T10:00:00Z', 1, 86_400).toISOString()).toBe('2026-03-03T00:00:00.000Z');
    expect(dueAfter('2026-03-01T00:00:00Z', 30, 86_400).toISOString()).toBe('2026-03-31T00:00:00.000Z');
    expect(dueAfter('2026-03-01T10:00:00Z', 3, 10).toISOString()).toBe('2026-03-01T10:00:30.000Z');
  });

  it('names the earliest enabled Expiration that applies, by filter, tags and size', () => {
    const rules = parseLifecycleConfiguration(
      configuration(
        '<ID>slow</ID><Filter><Prefix>a/</Prefix></Filter><Status>Enabled</Status><Expiration><Days>30</Days></Expiration>',
        '<ID>fast tagged</ID><Filter><And><Prefix>a/</Prefix><Tag><Key>t</Key><Value>1</Value></Tag></And></Filter><Status>Enabled</Status><Expiration><Days>2</Days></Expiration>',
        '<ID>off</ID><Filter><Prefix>a/b</Prefix></Filter><Status>Disabled</Status><Expiration><Days>1</Days></Expiration>',
      ),
    );
    const object = { key: 'a/b', size: 5, lastModified: '2026-03-01T10:00:00Z' };
    expect(expirationHeader(rules, object)).toEqual({
      'x-amz-expiration': 'expiry-date="Wed, 01 Apr 2026 00:00:00 GMT", rule-id="slow"',
    });
    expect(expirationHeader(rules, { ...object, tags: [{ key: 't', value: '1' }] })).toEqual({
      'x-amz-expiration': 'expiry-date="Wed, 04 Mar 2026 00:00:00 GMT", rule-id="fast%20tagged"',
    });
    expect(expirationHeader(rules, { ...object, key: 'b/a' })).toEqual({});
    expect(expirationHeader(undefined, object)).toEqual({});
    const sized = parseLifecycleConfiguration(
      configuration(
        '<ID>s</ID><Filter><ObjectSizeLessThan>10</ObjectSizeLessThan></Filter><Status>Enabled</Status><Expiration><Days>1</Days></Expiration>',
      ),
    );
    expect(ruleApplies(sized[0]!, { key: 'x', size: 9 })).toBe(true);
    expect(ruleApplies(sized[0]!, { key: 'x', size: 10 })).toBe(false);
  });
});
