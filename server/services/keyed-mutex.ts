/**
 * An in-process mutex per key: `run(key, task)` starts `task` after every earlier task of the same
 * key has settled. One per app (server/deps.ts), so two apps in one process never wait on each other.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>()

  /** Run `task` after the earlier tasks of `key`; resolves or rejects with its result. */
  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve()
    const run = previous.catch(() => undefined).then(task)
    this.tails.set(key, run)
    try {
      return await run
    } finally {
      if (this.tails.get(key) === run) this.tails.delete(key)
    }
  }
}
