/**
 * Test helper: Debian's nginx (/usr/sbin/nginx, `apt-get install nginx-light`) in front of our
 * servers, as an operator runs it: a child process in the foreground with a config of its own
 * in a temporary directory, on a free port of 127.0.0.1 (no root needed).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NGINX = '/usr/sbin/nginx';
export const hasNginx = (): boolean => existsSync(NGINX);

/** A running nginx: its URL, and how to stop it. */
export interface Nginx {
  readonly url: string;
  readonly port: number;
  /**
   * Write the configuration again with the upstreams whose index is in `down` marked `down`,
   * and reload nginx (SIGHUP: new workers, the old ones finish their requests), as an operator
   * takes a server out of rotation before restarting it. Resolves once the old worker exited.
   */
  reload(down: readonly number[]): Promise<void>;
  /** What nginx logged at level warn and above so far (its reasons for a 502). */
  errors(): string;
  stop(): Promise<void>;
}

/** A port free on 127.0.0.1 now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Start nginx proxying to `upstreams` (`127.0.0.1:PORT` each) with the `location` blocks given
 * (`$UPSTREAM` stands for the upstream group), keep-alive to the upstreams as the README's
 * configuration does. Resolves once nginx answers.
 *
 * @example
 * const nginx = await startNginx(['127.0.0.1:8048'], 'location / { proxy_pass http://$UPSTREAM; }');
 */
export async function startNginx(upstreams: readonly string[], locations: string): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'twenty48-nginx-'));
  const port = await freePort();
  const configOf = (down: readonly number[]) => `
daemon off;
${process.getuid?.() === 0 ? 'user root root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log notice;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream twenty48 {
    ${upstreams.map((address, at) => `server ${address} max_fails=0${down.includes(at) ? ' down' : ''};`).join('\n    ')}
    keepalive 32;
    # Shorter than the server's 1 s before it closes an idle connection while draining: nginx
    # closes first, so it never sends a request on a connection the server is closing.
    keepalive_timeout 500ms;
  }
  server {
    listen 127.0.0.1:${port};
    ${locations.replaceAll('$UPSTREAM', 'twenty48')}
  }
}
`;
  writeFileSync(join(dir, 'nginx.conf'), configOf([]));
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (data: Buffer) => {
    errors += data.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const readLog = (): string => {
    try {
      return readFileSync(join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
    try {
      await fetch(`${url}/nginx-started`);
      break;
    } catch {
      if (tries > 100) throw new Error(`nginx did not answer: ${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    port,
    async reload(down) {
      writeFileSync(join(dir, 'nginx.conf'), configOf(down));
      const before = readLog();
      child.kill('SIGHUP');
      for (let tries = 0; tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        // Done when the old worker, which finishes its requests first, has exited.
        const exits = (log: string) => (log.match(/worker process \d+ exited/g) ?? []).length;
        if (exits(readLog()) > exits(before)) return;
      }
      throw new Error(`nginx did not reload: ${readLog().slice(-500)}`);
    },
    errors: readLog,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGQUIT');
      }),
  };
}

/**
 * The proxy settings of the README's nginx section: keep-alive to the upstream, forwarded
 * headers. Buffering is left at nginx's default: the event streams say `X-Accel-Buffering: no`
 * themselves.
 */
export const PROXY_HEADERS = `
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
`;

/**
 * The README's retry setting: a request whose connection to a server failed (refused, or reset
 * before an answer: a connection the kernel had accepted when a draining server closed its
 * listener) goes to the other server, a POST too (`non_idempotent`). Safe for the game: a move
 * carries its `index`, so one sent twice is answered the same and applied once, and a draining
 * server answers every request it read, so nginx only retries what it never read.
 */
export const RETRY_POSTS = 'proxy_next_upstream error timeout non_idempotent;';

/** An answer as `send` reads it. */
export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One HTTP request from the local address `from`, with extra headers. */
export function send(
  url: string,
  options: { from?: string; method?: string; body?: unknown; headers?: Record<string, string> },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(
      url,
      {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        ...(options.from === undefined ? {} : { localAddress: options.from }),
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}
