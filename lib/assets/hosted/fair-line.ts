import { ApiError } from "@/lib/core/errors";

/**
 * A line for work that costs the process something scarce (memory for images held, a decoder's
 * core), shared fairly by whoever asks (an owner: a developer, or a background job):
 *
 * - at most `slots` works run at once, and at most `perOwner` of one owner's, so one developer
 *   never holds every slot while others wait;
 * - the others wait, each owner's in order; a freed slot goes to the longest-waiting owner that
 *   is under its own cap;
 * - waiting is bounded in count: over `waitingPerOwner` of an owner's, the next is 429
 *   `rate_limited`; over `waiting` in all, 503 `service_unavailable`; both with Retry-After;
 * - and in time: an owner whose waiting works have not seen one of its works start for `patienceMs`
 *   (the line is held by others, or its own work runs long) has all of them refused, 503 with
 *   Retry-After, instead of waiting on without end. Its works that run are bounded by their own
 *   deadlines, so `patienceMs` above that deadline never refuses an owner for its own work alone.
 */
export type FairLineOptions = {
  /** What waits, in the refusal's words: "images being checked". */
  what: string;
  slots: number;
  perOwner: number;
  waitingPerOwner: number;
  waiting: number;
  patienceMs: number;
  retryAfterSeconds: number;
};

type Waiter = { since: number; start: () => void; refuse: (error: ApiError) => void };
type Owner = { running: number; waiting: Waiter[]; patience?: NodeJS.Timeout };

export type FairLine = {
  run<T>(owner: string, work: () => Promise<T>): Promise<T>;
  /** Works running and waiting now: the tests' and the benchmark's view. */
  readonly counts: { running: number; waiting: number };
  /** What `run` would refuse a new work of `owner` with now (429 or 503), if it would, without asking for anything. */
  refusal(owner: string): ApiError | undefined;
};

export function fairLine(options: FairLineOptions): FairLine {
  const owners = new Map<string, Owner>();
  let running = 0;
  let waiting = 0;
  const retryAfter = { "retry-after": String(options.retryAfterSeconds) };

  const ownerOf = (name: string) => owners.get(name) ?? owners.set(name, { running: 0, waiting: [] }).get(name)!;
  const forget = (name: string, owner: Owner) => {
    if (owner.running === 0 && owner.waiting.length === 0) {
      clearTimeout(owner.patience);
      owners.delete(name);
    }
  };

  /** (Re)starts the owner's patience while it has waiting works: they must see one of its works start in time. */
  const watch = (name: string, owner: Owner) => {
    clearTimeout(owner.patience);
    owner.patience = undefined;
    if (owner.waiting.length === 0) return;
    owner.patience = setTimeout(() => {
      const refused = owner.waiting.splice(0);
      waiting -= refused.length;
      const error = new ApiError(
        "service_unavailable",
        `too busy: ${options.what} waited ${options.patienceMs / 1000} s without a turn; retry in ${options.retryAfterSeconds} s`,
        { headers: retryAfter },
      );
      for (const waiter of refused) waiter.refuse(error);
      forget(name, owner);
    }, options.patienceMs);
    owner.patience.unref();
  };

  /** Hands free slots to the longest-waiting owners under their cap. */
  const dispatch = () => {
    while (running < options.slots) {
      let next: [string, Owner] | undefined;
      for (const entry of owners) {
        const [, owner] = entry;
        if (
          owner.waiting.length > 0 &&
          owner.running < options.perOwner &&
          (!next || owner.waiting[0]!.since < next[1].waiting[0]!.since)
        ) {
          next = entry;
        }
      }
      if (!next) return;
      const [name, owner] = next;
      const waiter = owner.waiting.shift()!;
      waiting--;
      running++;
      owner.running++;
      watch(name, owner);
      waiter.start();
    }
  };

  const mustWait = (owner: Owner | undefined) =>
    running >= options.slots || (owner !== undefined && (owner.running >= options.perOwner || owner.waiting.length > 0));

  /** What `run` refuses a new work of `owner` with now, if it does. */
  const refusalFor = (owner: Owner | undefined): ApiError | undefined => {
    if (!mustWait(owner)) return undefined;
    if ((owner?.waiting.length ?? 0) >= options.waitingPerOwner) {
      return new ApiError(
        "rate_limited",
        `too many at once: ${options.waitingPerOwner} of your ${options.what} are already waiting; retry in ${options.retryAfterSeconds} s`,
        { headers: retryAfter },
      );
    }
    if (waiting >= options.waiting) {
      return new ApiError(
        "service_unavailable",
        `too busy: ${waiting} ${options.what} are waiting; retry in ${options.retryAfterSeconds} s`,
        {
          headers: retryAfter,
        },
      );
    }
    return undefined;
  };

  return {
    get counts() {
      return { running, waiting };
    },
    refusal(name: string): ApiError | undefined {
      return refusalFor(owners.get(name));
    },
    async run<T>(name: string, work: () => Promise<T>): Promise<T> {
      const owner = ownerOf(name);
      const refused = refusalFor(owner);
      if (refused) {
        forget(name, owner);
        throw refused;
      }
      if (mustWait(owner)) {
        await new Promise<void>((start, refuse) => {
          owner.waiting.push({ since: performance.now(), start, refuse });
          waiting++;
          if (owner.waiting.length === 1) watch(name, owner);
        });
      } else {
        running++;
        owner.running++;
      }
      try {
        return await work();
      } finally {
        running--;
        owner.running--;
        forget(name, owner);
        dispatch();
      }
    },
  };
}
