/**
 * The SDK's logger middleware builds a filtered copy of every call's input and output for the client's logger, and
 * does so for the default no-op logger too (it calls `logger?.info?.(…)` and the no-op logger has `info`): a walk of
 * each response through its schema on every call, ~4% of a warm storage GET's CPU. The service gives the SDK no logger
 * (its own log lines say what a request did), so the middleware goes.
 */
export function withoutSdkLogger<Client extends { middlewareStack: { remove(name: string): boolean } }>(client: Client): Client {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}
