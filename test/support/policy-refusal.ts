import { expect } from 'vitest';
import { StorageError } from '../../lib/storage/model/errors';
import { parsePolicy } from '../../lib/storage/policy/parse-policy';

/** The message of the MalformedPolicy that PUT ?policy answers this document with; fails the test if it is accepted. */
export function policyRefusal(document: string, bucket: string): string {
  try {
    parsePolicy(document, bucket);
  } catch (error) {
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).code).toBe('MalformedPolicy');
    return (error as StorageError).message;
  }
  throw new Error(`accepted: ${document}`);
}
