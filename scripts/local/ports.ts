import { createServer } from 'node:net';

export class PortInUseError extends Error {
  override name = 'PortInUseError';
}

/** Fails with a message naming the port and what it was meant for, instead of a crash deep in a child process. */
export async function assertPortFree(port: number, purpose: string, host = '127.0.0.1'): Promise<void> {
  const free = await new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
  if (!free) {
    throw new PortInUseError(
      `Port ${port} (${purpose}) is already in use on ${host}. Stop whatever holds it or choose another port.`,
    );
  }
}

/** A port the OS reports free right now (for tests and internal listeners). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls until something accepts connections on the port. */
export async function waitForPort(port: number, timeoutMs: number, host = '127.0.0.1'): Promise<void> {
  const { connect } = await import('node:net');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Nothing listened on ${host}:${port} within ${timeoutMs} ms`);
}
