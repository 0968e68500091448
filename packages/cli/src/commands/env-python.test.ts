import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The Python client (clients/python) against the real `2048 env --stdio` built in dist/.
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const CLIENT = fileURLToPath(new URL('../../../../clients/python', import.meta.url));

/** The first Python 3 here that imports `module` (CI installs Debian's python3-numpy). */
const pythonWith = (module: string): string | undefined =>
  ['/usr/bin/python3', 'python3'].find(
    (python) => spawnSync(python, ['-c', `import ${module}`]).status === 0,
  );

const NUMPY = pythonWith('numpy');
const GYMNASIUM = pythonWith('gymnasium');

const run = (python: string, script: string) =>
  spawnSync(python, [script], {
    cwd: CLIENT,
    encoding: 'utf8',
    timeout: 120_000,
    env: {
      ...process.env,
      PYTHONPATH: CLIENT,
      TWENTY48_ENV_COMMAND: `${process.execPath} ${MAIN}`,
    },
  });

describe('the Python client of 2048 env --stdio', { timeout: 180_000 }, () => {
  it('speaks the protocol: one game and a batch, numpy arrays, named errors', ({ skip }) => {
    skip(!NUMPY, 'no python3 here imports numpy (install Debian python3-numpy)');
    const result = run(NUMPY ?? 'python3', 'tests/test_protocol.py');
    expect(result.stderr).toMatch(/Ran 2 tests[\s\S]*\nOK/);
    expect(result.status).toBe(0);
  });

  it("passes Gymnasium's check_env", ({ skip }) => {
    // Debian has no gymnasium package and CI has no PyPI: this runs where gymnasium is installed.
    skip(!GYMNASIUM, 'no python3 here imports gymnasium (not in Debian; pip install gymnasium)');
    const result = run(GYMNASIUM ?? 'python3', 'tests/check_gym.py');
    expect(result.stdout).toMatch(/check_env passed/);
    expect(result.status).toBe(0);
  });
});
