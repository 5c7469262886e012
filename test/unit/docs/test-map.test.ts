import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageWithCurrentMap, TESTING_PAGE, testMap } from '../../../scripts/docs/test-map';

describe('docs/testing.md module → test map (npm run docs:test-map)', () => {
  it('is current with the tests and their imports', () => {
    const page = readFileSync(TESTING_PAGE, 'utf8');
    expect(page).toBe(pageWithCurrentMap(page));
  });

  it('maps a test to the modules whose code it imports itself, not for types alone nor through helpers', () => {
    const map = testMap();
    expect(map.get('lib/storage/objects')?.unit).toContain('storage/seams/copy-object');
    expect(map.get('lib/storage/model')?.unit).toContain('storage/seams/copy-object');
    // complete-multipart-upload.test.ts imports cannedGrants from lib/storage/acl.
    expect(map.get('lib/storage/acl')?.unit).toContain('storage/seams/complete-multipart-upload');
    // The in-memory fakes the seam tests use import lib/storage/versions; the bucket settings test does not.
    expect(map.get('lib/storage/versions')?.unit ?? []).not.toContain('storage/seams/bucket-settings');
    // memory-ports.test.ts imports lib/storage/multipart for a type alone.
    expect(map.get('lib/storage/multipart')?.unit ?? []).not.toContain('storage/seams/memory-ports');
    expect(map.get('lib/storage/bucket-settings')?.unit).toContain('storage/seams/bucket-settings');
  });
});
