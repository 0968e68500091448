/** A listener for one event type. */
export type Handler<T> = (payload: T) => void;

/** A small typed event emitter: `on` returns the function that removes the listener. */
export interface Emitter<Events extends Record<string, unknown>> {
  on<K extends keyof Events>(type: K, handler: Handler<Events[K]>): () => void;
  emit<K extends keyof Events>(type: K, payload: Events[K]): void;
}

/**
 * Create an emitter. Listeners run in the order they were added; a listener removed while an
 * event is being delivered still receives that event, not later ones.
 *
 * @example
 * const events = createEmitter<{ score: number }>();
 * const off = events.on('score', (n) => console.log(n));
 * events.emit('score', 4); off();
 */
export function createEmitter<Events extends Record<string, unknown>>(): Emitter<Events> {
  const handlers = new Map<keyof Events, Set<Handler<never>>>();
  return {
    on(type, handler) {
      const set = handlers.get(type) ?? new Set();
      handlers.set(type, set);
      set.add(handler as Handler<never>);
      return () => {
        set.delete(handler as Handler<never>);
      };
    },
    emit(type, payload) {
      for (const handler of [...(handlers.get(type) ?? [])]) {
        (handler as Handler<typeof payload>)(payload);
      }
    },
  };
}
