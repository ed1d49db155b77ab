/** Every timer of one emulator, so that close() can stop them all and no state machine keeps
 *  running (or keeps the process alive) after a test. Keyed timers replace each other: a test
 *  run or an upgrade has at most one pending transition. */
export class Timers {
  #all = new Set<NodeJS.Timeout>();
  #byKey = new Map<string, NodeJS.Timeout>();
  #disposed = false;

  /** Runs `action` after `ms`; an infinite delay never fires. */
  after(ms: number, action: () => void, key?: string): void {
    if (key !== undefined) this.cancel(key);
    if (this.#disposed || !Number.isFinite(ms)) return;
    const timer = setTimeout(() => {
      this.#all.delete(timer);
      if (key !== undefined && this.#byKey.get(key) === timer) this.#byKey.delete(key);
      action();
    }, Math.max(0, ms));
    timer.unref();
    this.#all.add(timer);
    if (key !== undefined) this.#byKey.set(key, timer);
  }

  cancel(key: string): void {
    const timer = this.#byKey.get(key);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.#all.delete(timer);
    this.#byKey.delete(key);
  }

  /** Resolves after `ms` (at once for 0); never resolves once disposed. */
  sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => this.after(ms, resolve));
  }

  dispose(): void {
    this.#disposed = true;
    for (const timer of this.#all) clearTimeout(timer);
    this.#all.clear();
    this.#byKey.clear();
  }
}
