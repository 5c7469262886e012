import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, uniqueBucket } from '../../support/storage-clients';

const { baseUrl } = testStack();
let main: StorageCredentials;
let alt: StorageCredentials;

beforeAll(async () => {
  main = await newStorageUser('conf-main');
  alt = await newStorageUser('conf-alt');
});

describe('behaves like Ceph RGW where s3-tests looks (boto3)', () => {
  it('ACL documents, bucket re-creation, Content-Encoding, version ids and delete markers, unreadable keys in listings', async () => {
    const script = join(import.meta.dirname, 'clients', 'boto3_conformance.py');
    const args = [script, baseUrl, uniqueBucket('conf'), main.accessKey, main.secretKey, alt.accessKey, alt.secretKey];
    const { stdout } = await promisify(execFile)('python3', args, { timeout: 120_000 });
    const ALL = 'http://acs.amazonaws.com/groups/global/AllUsers';
    const AUTHENTICATED = 'http://acs.amazonaws.com/groups/global/AuthenticatedUsers';
    const full = (user: StorageCredentials, permission = 'FULL_CONTROL') => [
      'CanonicalUser',
      permission,
      user.id,
      user.displayName,
    ];
    const group = (uri: string, permission: string) => ['Group', permission, uri, null];
    const everything = ['\n', 'a\x01b', 'bar', 'baz', 'foo', 'foo+1/bar', 'quux ab/thud', 'quxx'];
    expect(JSON.parse(stdout)).toEqual({
      // Group grants first, then users: the order RGW lists them in and check_grants relies on.
      bucket_acl_private: [full(main)],
      'bucket_acl_public-read': [group(ALL, 'READ'), full(main)],
      'bucket_acl_public-read-write': [group(ALL, 'READ'), group(ALL, 'WRITE'), full(main)],
      'bucket_acl_authenticated-read': [group(AUTHENTICATED, 'READ'), full(main)],
      'object_acl_bucket-owner-read': [full(alt), full(main, 'READ')],
      'object_acl_bucket-owner-full-control': [full(alt), full(main)],
      versioned_object_acl: [group(ALL, 'READ'), full(alt)],
      versioned_latest_acl: [full(alt)],
      recreate_same: 'ok',
      recreate_keeps_objects: ['mykey1'],
      recreate_new_acl: 'BucketAlreadyExists',
      recreate_overwrite_acl: 'BucketAlreadyExists',
      recreate_same_canned: 'ok',
      create_exists_nonowner: 'BucketAlreadyExists',
      acl_unchanged: [full(main)],
      'encoding gzip': 'gzip',
      'encoding deflate, gzip': 'deflate, gzip',
      'encoding gzip, aws-chunked': 'gzip',
      'encoding aws-chunked, gzip': 'gzip',
      'encoding aws-chunked': null,
      'encoding sent twice': [200, 'deflate, gzip'],
      unversioned_version_ids: { put: false, get: false, head: false, copy: false, delete: false },
      unversioned_listed_version: ['null'],
      delete_creates_marker: true,
      delete_removes_marker: [true, true],
      delete_version: false,
      suspended_delete: [true, 'null'],
      list_delimiter_unreadable: ['\n', everything.slice(1), ['\n']],
      listv2_delimiter_unreadable: ['\n', everything.slice(1), ['\n']],
      list_prefix_unreadable: [['\n', ['\n']]],
      listv2_prefix_unreadable: [['\n', ['\n']]],
      list_marker_unreadable: [['\n', ['a\x01b', 'bar']]],
      listv2_startafter_unreadable: [['\n', ['a\x01b', 'bar']]],
      listv2_encoding_basic: ['/', ['%0A', 'a%01b', 'bar', 'baz', 'foo', 'quxx'], ['foo%2B1/', 'quux%20ab/']],
      list_encoding_basic: ['/', ['%0A', 'a%01b', 'bar', 'baz', 'foo', 'quxx'], ['foo%2B1/', 'quux%20ab/']],
      listv2_continuationtoken_empty: ['', false, everything.length],
      list_unordered: [everything.length, 'InvalidArgument'],
    });
  }, 150_000);
});
