/**
 * What every command's tracked launcher runs (packages/<name>/bin/*.js): npm links a bin at
 * install time, before `npm run build` has made dist/, so a bin must be a file git tracks. It
 * loads the built program, or says in one line how to build it.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Run the built program at `main` (a file URL), or print one line and exit 1 when it is not
 * built yet.
 *
 * @example
 * await launch('2048', new URL('../dist/main.js', import.meta.url));
 */
export async function launch(name, main) {
  if (!existsSync(fileURLToPath(main))) {
    process.stderr.write(
      `${name}: the program is not built yet: run \`npm run build\` in ${ROOT} first (ERR_NOT_BUILT)\n`,
    );
    process.exit(1);
  }
  await import(main.href);
}
