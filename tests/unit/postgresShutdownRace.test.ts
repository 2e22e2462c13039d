import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../src/server/store/errors';
import { PostgresStore } from '../../src/server/store/postgres';

// A server shutting down can send its FATAL in the same packet as a new connection's first
// ReadyForQuery; the driver then hands the connection to `pool.connect()`'s caller and reads the
// FATAL before the caller's code has run. A real PostgreSQL did this once in the API tests' outage
// (tests/api/faults.test.ts, beside another checkout) and the uncaught 'error' ended the process.
// To make that packet every time, this test speaks the start of PostgreSQL's wire protocol itself.

/** One backend message: its type byte, its length, its body. */
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const authenticationOk = message('R', Buffer.from([0, 0, 0, 0]));
const readyForQuery = message('Z', Buffer.from('I', 'latin1'));
const adminShutdown = message(
  'E',
  Buffer.concat([
    ...[
      ['S', 'FATAL'],
      ['V', 'FATAL'],
      ['C', '57P01'],
      ['M', 'terminating connection due to administrator command'],
    ].map(([field, text]) => Buffer.from(`${field}${text}\0`, 'latin1')),
    Buffer.from([0]),
  ]),
);

let server: Server | undefined;
let store: PostgresStore | undefined;
afterEach(async () => {
  await store?.close().catch(() => undefined);
  server?.close();
  store = undefined;
  server = undefined;
});

/** A server that answers each connection's startup message with ReadyForQuery and the FATAL at once. */
async function shuttingDownServer(): Promise<number> {
  server = createServer((socket: Socket) => {
    socket.once('data', () => {
      socket.end(Buffer.concat([authenticationOk, readyForQuery, adminShutdown]));
    });
    socket.on('error', () => undefined);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as { port: number }).port;
}

describe('a PostgreSQL store whose server shuts down as a connection opens', () => {
  it('fails its transactions and queries with the database unavailable, and the process lives on', async () => {
    const port = await shuttingDownServer();
    store = PostgresStore.connect(`postgres://hawkeye@127.0.0.1:${port}/hawkeye`);
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.prependListener('uncaughtException', onUncaught);
    try {
      for (let i = 0; i < 3; i++) {
        const failed = await store.transaction((tx) => tx.query('SELECT 1')).catch((err: unknown) => err);
        expect(failed).toBeInstanceOf(StoreUnavailableError);
        const queried = await store.query('SELECT 1').catch((err: unknown) => err);
        expect(queried).toBeInstanceOf(StoreUnavailableError);
      }
      // A FATAL read with nobody listening would surface here, after the transactions ended.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(uncaught).toEqual([]);
  });
});
