/** `2048 backup [--db FILE] OUT`: a consistent copy of the server's SQLite database while it runs. */
import { backupSqlite, databaseFile, databaseTarget, redactedUrl } from '@twenty48/store';
import type { Command } from 'commander';

/** How the command talks to the world; tests pass their own. */
export interface BackupHooks {
  readonly write?: (text: string) => void;
  readonly writeError?: (text: string) => void;
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Back the database up to `out`; returns the exit code (0, 1 for a named error).
 *
 * @example
 * await backup({ db: '/srv/twenty48.db' }, '/backups/twenty48.db', {}) // 0
 */
export async function backup(
  options: { readonly db?: string },
  out: string,
  hooks: BackupHooks = {},
): Promise<number> {
  const write = hooks.write ?? ((text: string) => process.stdout.write(text));
  const writeError = hooks.writeError ?? ((text: string) => process.stderr.write(text));
  const env = hooks.env ?? process.env;
  const target = databaseTarget(options.db, env);
  if (!target.ok) {
    writeError(`2048 backup: ${target.error.message} (${target.error.code})\n`);
    return 1;
  }
  if (target.value.kind === 'postgres') {
    writeError(
      `2048 backup: ${redactedUrl(target.value.url)} is PostgreSQL: back it up with pg_dump (pg_dump --format=custom --file=${out} "$DATABASE_URL"), restore with pg_restore; the README says how (ERR_BACKUP)\n`,
    );
    return 1;
  }
  const file = target.value.file ?? databaseFile({}, env);
  const done = await backupSqlite(file, out);
  if (!done.ok) {
    writeError(`2048 backup: ${done.error.message} (${done.error.code})\n`);
    return 1;
  }
  write(`backed up ${file} to ${out} (${done.value.pages} pages, checked)\n`);
  return 0;
}

/**
 * Add `2048 backup` to a program.
 *
 * @example
 * register(program); // then: 2048 backup --db /srv/twenty48.db /backups/twenty48.db
 */
export function register(program: Command, hooks: BackupHooks = {}): void {
  program
    .command('backup')
    .description(
      "copy the server's SQLite database consistently while it runs (SQLite's online backup); for PostgreSQL use pg_dump",
    )
    .argument('<file>', 'the backup to write (must not exist)')
    .option(
      '--db <path>',
      'the SQLite file (default: $DATABASE_URL, else twenty48.db in the data directory)',
    )
    .action(async (out: string, options: { db?: string }) => {
      process.exitCode = await backup(options, out, hooks);
    });
}
