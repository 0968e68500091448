import { Socket } from 'node:net';

/** PostgreSQL's SSLRequest: length 8, code 80877103. A PostgreSQL server answers one byte. */
const SSL_REQUEST = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);

/** The first bytes an answer held, as printable text cut short (`HTTP/1.1 400 Bad Request`). */
const shown = (bytes: Buffer): string =>
  JSON.stringify(
    bytes
      .subarray(0, 200)
      .toString('latin1')
      .split(/\r?\n/)[0]
      ?.replace(/[^\x20-\x7e]/g, '.')
      .slice(0, 60) ?? '',
  );

/**
 * What listens at host:port, in words, for an error that says why PostgreSQL could not be
 * reached: nothing (refused), a listener that says nothing, something that answers in another
 * protocol (it is quoted), or PostgreSQL itself. Sends PostgreSQL's SSLRequest, which any
 * PostgreSQL answers with one byte, `S` or `N`; never throws.
 *
 * @example
 * await describeListener('127.0.0.1', 8080, 1000)
 * // '127.0.0.1:8080 is not PostgreSQL: it answered "HTTP/1.1 400 Bad Request"'
 */
export function describeListener(host: string, port: number, waitMs: number): Promise<string> {
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  return new Promise((resolve) => {
    const socket = new Socket();
    let answer = Buffer.alloc(0);
    const finish = (text: string) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(text);
    };
    const timer = setTimeout(() => {
      finish(
        answer.length > 0
          ? `${where} is not PostgreSQL: it answered ${shown(answer)}`
          : `${where} accepts connections but says nothing (${waitMs} ms): not PostgreSQL, or a proxy with no server behind it`,
      );
    }, waitMs);
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') finish(`nothing listens on ${where} (connection refused)`);
      else if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') {
        finish(`the host ${host} is not found`);
      } else finish(`${where} cannot be reached: ${error.message}`);
    });
    socket.on('data', (data: Buffer) => {
      answer = Buffer.concat([answer, data]);
      const first = answer[0];
      if (answer.length === 1 && (first === 0x53 || first === 0x4e)) {
        // One byte, S or N, then silence: give it a moment to show it is not the start of more.
        setTimeout(() => {
          if (answer.length === 1) finish(`${where} is PostgreSQL`);
        }, 50);
      } else if (answer.length > 1)
        finish(`${where} is not PostgreSQL: it answered ${shown(answer)}`);
    });
    socket.once('end', () => {
      if (answer.length === 0)
        finish(`${where} closed the connection without a word: not PostgreSQL`);
    });
    socket.connect(port, host, () => socket.write(SSL_REQUEST));
  });
}
