// What changed in opsbot's state, told to whoever shows that state (the Home tab). Features never
// call each other to say so: the store tells this feed after every write that matters, so a new
// writer (a sweep, a retry, another feature) is covered without anyone remembering to announce it.

export type Change =
  /** A search index request was filed or moved to another state. */
  | { kind: 'request'; requestId: number; requesterId: string }
  /** A channel's digest was set up, changed, removed, or one of its runs finished. */
  | { kind: 'digest'; channelId: string }
  /** A watch or its incident changed (fired, resolved, snoozed, muted, removed). */
  | { kind: 'watch'; channelId: string }
  /** The management API went from answering to failing, or back. */
  | { kind: 'health' }
  /** A person's MCP tokens changed (one minted or revoked). */
  | { kind: 'mcp-token'; userId: string };

type ChangeListener = (change: Change) => void;

export class ChangeFeed {
  readonly #listeners = new Set<ChangeListener>();

  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Never throws: a listener's failure must not fail the write that caused the change. */
  emit(change: Change): void {
    for (const listener of this.#listeners) {
      try {
        listener(change);
      } catch {
        // Listeners log their own failures; the writer's work is already done.
      }
    }
  }
}
