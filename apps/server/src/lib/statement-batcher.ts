// Many callers' rows in one statement (issue 28 §1). The chat's send path is one insert and one NOTIFY per message;
// at hundreds of messages a second what PostgreSQL spends is mostly per statement (parse, plan, commit, waking the
// listeners), not per row. Calls that arrive while a statement is in flight wait for it, then go together in the
// next one: a quiet server sends each call alone at once (no timer, no added latency); a busy one sends bigger
// batches, so its cost per message falls as the load grows.
//
// A batch that fails is tried again one call at a time, so a row that breaks the statement fails only its own call.

export type StatementBatcher<I, O> = (item: I) => Promise<O>;

export function createStatementBatcher<I, O>(opts: {
  /** Runs one statement for the items; answers one result per item, in their order. */
  run: (items: I[]) => Promise<O[]>;
  /** Statements in flight at once (each holds a pooled connection). */
  maxInFlight?: number;
  /** Most items in one statement. */
  maxBatch?: number;
}): StatementBatcher<I, O> {
  const maxInFlight = opts.maxInFlight ?? 1;
  const maxBatch = opts.maxBatch ?? 100;
  type Waiting = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };
  const queue: Waiting[] = [];
  let inFlight = 0;

  async function runBatch(batch: Waiting[]) {
    try {
      const out = await opts.run(batch.map((w) => w.item));
      for (const [i, w] of batch.entries()) w.resolve(out[i] as O);
    } catch (err) {
      if (batch.length === 1) batch[0]!.reject(err);
      else for (const w of batch) await runBatch([w]);
    }
  }

  function pump() {
    while (inFlight < maxInFlight && queue.length) {
      const batch = queue.splice(0, maxBatch);
      inFlight++;
      void runBatch(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      pump();
    });
}
