/**
 * Test helper: run Node as the files' owner would, so that their modes count. Root may write
 * anywhere (the capability CAP_DAC_OVERRIDE); as root, the child runs without it and without
 * CAP_DAC_READ_SEARCH (util-linux's `setpriv`), so a 0444 file or a 0555 directory refuses it as
 * it refuses its owner. Still root, it reads the program wherever the checkout is (under a 0700
 * home too), which a switch to `nobody` could not.
 */

const DROPPED = 'dac_override,dac_read_search'.replace(/\w+/g, '-$&');

/**
 * The command and arguments that run `node ...args` with the files' modes counting.
 *
 * @example
 * const { command, args } = nodeAsOwner([MAIN, 'auto', '--record', path]);
 * spawnSync(command, args, { encoding: 'utf8' });
 */
export function nodeAsOwner(args: readonly string[]): { command: string; args: string[] } {
  if (process.getuid?.() !== 0) return { command: process.execPath, args: [...args] };
  return {
    command: 'setpriv',
    args: [`--bounding-set=${DROPPED}`, `--inh-caps=${DROPPED}`, '--', process.execPath, ...args],
  };
}
