// Helpers of fault-campaign.test.ts and full-disk.test.ts (not a test file itself).
import { createServer, type Socket } from 'node:net';

/** A TCP listener on 127.0.0.1 (an ephemeral port) that counts the connections it accepts. */
export interface Listener {
  port: number;
  /** Connections accepted so far, after letting pending ones arrive. */
  connections(): Promise<number>;
  close(): Promise<void>;
}

/** Starts a {@link Listener}: the target of native/testlibs/fault_connect.c (NGCC_FAULT_PORT). */
export async function listenOnLoopback(): Promise<Listener> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    port,
    async connections() {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return sockets.length;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
