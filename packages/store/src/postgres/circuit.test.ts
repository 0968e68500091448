import { describe, expect, it } from 'vitest';
import { createCircuit, isUnreachable, OPEN_MS } from './circuit.js';

describe('the PostgreSQL circuit breaker', () => {
  it('lets statements through until the database is found unreachable, then refuses them at once', () => {
    const circuit = createCircuit();
    expect(circuit.admit(0)).toEqual({ go: 'try' });
    circuit.failed(10, 'connect ECONNREFUSED 127.0.0.1:5432', false);
    expect(circuit.admit(11)).toEqual({
      go: 'refuse',
      reason: 'connect ECONNREFUSED 127.0.0.1:5432',
    });
    expect(circuit.admit(10 + OPEN_MS - 1)).toMatchObject({ go: 'refuse' });
  });

  it('then lets one probe through at a time; its answer closes the circuit', () => {
    const circuit = createCircuit();
    circuit.failed(0, 'down', false);
    expect(circuit.admit(OPEN_MS)).toEqual({ go: 'probe' });
    expect(circuit.admit(OPEN_MS + 1)).toMatchObject({ go: 'refuse' });
    circuit.answered(true);
    expect(circuit.admit(OPEN_MS + 2)).toEqual({ go: 'try' });
  });

  it('opens again when the probe fails, and remembers the outage for deadlines', () => {
    const circuit = createCircuit();
    circuit.failed(0, 'down', false);
    expect(circuit.admit(OPEN_MS)).toEqual({ go: 'probe' });
    circuit.failed(OPEN_MS + 5, 'still down', true);
    expect(circuit.admit(OPEN_MS + 6)).toEqual({ go: 'refuse', reason: 'still down' });
    expect(circuit.recentlyDown(OPEN_MS + 6)).toBe(true);
    expect(createCircuit().recentlyDown(0)).toBe(false);
  });

  it('tells a silent database (no answer since a statement started) from one slow statement', () => {
    const circuit = createCircuit();
    const first = circuit.heard();
    expect(circuit.silentSince(first)).toBe(true);
    circuit.answered(false);
    // Something answered while the first statement waited: the database is there.
    expect(circuit.silentSince(first)).toBe(false);
    // Nothing answered since the second started.
    expect(circuit.silentSince(circuit.heard())).toBe(true);
  });

  it('counts connection errors as unreachable, not errors of SQL', () => {
    expect(isUnreachable(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isUnreachable(Object.assign(new Error('x'), { code: 'CONNECTION_CLOSED' }))).toBe(true);
    expect(isUnreachable(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(isUnreachable('ECONNREFUSED')).toBe(false);
  });
});
