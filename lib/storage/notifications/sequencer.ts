/** Changes within one millisecond in this container: the low 16 bits of the sequencer. */
let counter = 0;

/**
 * S3's `sequencer`: fixed-width upper-case hex that orders the changes of one key (compare only within a key). Here:
 * 12 hex digits of the change's millisecond, then 4 of a per-container counter. A versioned key's changes take the
 * millisecond of their version seq, which version-writer.ts makes strictly greater than the version before it, so
 * their order is the commit order; an unversioned key's changes take the write's clock (two containers writing one
 * key in the same millisecond may tie or invert: S3 makes the same promise only "for the same key").
 */
export function sequencerAt(ms: number): string {
  counter = (counter + 1) & 0xffff;
  return `${Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0')}${counter.toString(16).padStart(4, '0')}`.toUpperCase();
}
