/** Sizes as people read them (1,024-based, as S3 consoles show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** ISO times in UTC, to the second. */
export function formatTime(iso: string): string {
  return `${iso.slice(0, 19).replace('T', ' ')} UTC`;
}
