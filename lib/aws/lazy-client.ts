/**
 * A client whose SDK package is imported on its first use, not at module init. Secrets Manager is read once per
 * container and KMS only for encrypted objects, so a function that never needs them never loads them (each SDK
 * client package costs tens of milliseconds of cold start).
 */
export type LazyClient<T> = () => Promise<T>;

/** The first call loads and builds; every later call shares that promise. A failed load is tried again next time. */
export function lazyClient<T>(load: () => Promise<T>): LazyClient<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
