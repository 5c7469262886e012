/**
 * What has been started, to be stopped in reverse order: by a failed start-up, by stop(), or by a
 * signal that arrives while the stack is still starting.
 */
export class Lifecycle {
  private readonly stops: (() => Promise<void>)[] = [];

  add(stop: () => Promise<void>): void {
    this.stops.push(stop);
  }

  async stopAll(): Promise<void> {
    while (this.stops.length > 0) {
      const stop = this.stops.pop() as () => Promise<void>;
      await stop().catch(() => undefined);
    }
  }
}
