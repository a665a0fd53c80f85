/**
 * The engine's requests run one after another (the host holds one log and its last replay), but a
 * request waiting on the network is not working: it steps out of the queue while it waits (`outside`)
 * and takes its turn again after, so a silent LLM endpoint never holds up an import or a step view.
 */
export class EngineQueue {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves when every request queued before has finished or stepped out; call the result to let the next one in. */
  private turn(): Promise<() => void> {
    let release!: () => void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => done);
    return ready;
  }

  /** Runs `task` in its turn; `outside` lets it wait on something (the network) without holding the queue. */
  async run<T>(task: (outside: <U>(wait: () => Promise<U>) => Promise<U>) => Promise<T>): Promise<T> {
    let release = await this.turn();
    const outside = async <U>(wait: () => Promise<U>): Promise<U> => {
      release();
      try {
        return await wait();
      } finally {
        release = await this.turn();
      }
    };
    try {
      return await task(outside);
    } finally {
      release();
    }
  }
}
