import { describe, expect, it } from 'vitest';
import { startEngine } from './engineProcess.js';

describe('an engine process', () => {
  it('hands over its lines in order, queued until asked for', async () => {
    const engine = startEngine('echo', 'cat');
    engine.send('isready');
    engine.send('go depth 2');
    expect(await engine.next(10_000)).toBe('isready');
    expect(await engine.next(10_000)).toBe('go depth 2');
    engine.close();
  });

  it('gives null, not a wait for ever, once the process has ended or after the time', async () => {
    const gone = startEngine('gone', 'true');
    expect(await gone.next(60_000)).toBeNull();
    const silent = startEngine('silent', 'sleep 30');
    expect(await silent.next(50)).toBeNull();
    silent.close();
  });
});
