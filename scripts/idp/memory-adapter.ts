import type { Adapter, AdapterPayload } from "oidc-provider";

/**
 * Per-instance in-memory storage for oidc-provider models.
 *
 * oidc-provider's bundled memory adapter is an LRU capped at 1000 entries,
 * which can silently evict grants/tokens in long test runs (every
 * /dev/token mint stores a Grant, an AccessToken and a grant index entry).
 * This one is an unbounded Map with per-entry expiry and lazy + periodic
 * sweeping, scoped to one identity-provider instance.
 */

const GRANTABLE = new Set([
  "AccessToken",
  "AuthorizationCode",
  "RefreshToken",
  "DeviceCode",
  "BackchannelAuthenticationRequest",
  "PreAuthorizedCode",
]);

type Entry = { value: unknown; expiresAt: number };

const SWEEP_EVERY = 500;

export class MemoryStore {
  private readonly entries = new Map<string, Entry>();
  private writes = 0;

  get(key: string): unknown {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: unknown, expiresInSeconds?: number): void {
    const expiresAt = typeof expiresInSeconds === "number" ? Date.now() + expiresInSeconds * 1000 : Infinity;
    this.entries.set(key, { value, expiresAt });
    this.writes += 1;
    if (this.writes % SWEEP_EVERY === 0) this.sweep();
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(key);
    }
    // Drop grant indexes whose member tokens have all expired.
    for (const [key, entry] of this.entries) {
      if (key.startsWith("grant:") && entry.value instanceof Set) {
        const members = entry.value as Set<string>;
        for (const member of members) {
          if (!this.entries.has(member)) members.delete(member);
        }
        if (members.size === 0) this.entries.delete(key);
      }
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

const grantKey = (grantId: string) => `grant:${grantId}`;
const sessionUidKey = (uid: string) => `sessionUid:${uid}`;
const userCodeKey = (userCode: string) => `userCode:${userCode}`;

function clone(payload: AdapterPayload): AdapterPayload {
  return structuredClone(payload);
}

class MemoryAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly store: MemoryStore,
    private readonly clockTolerance: number,
  ) {}

  private key(id: string): string {
    return `${this.model}:${id}`;
  }

  private ttl(expiresIn: number | undefined): number | undefined {
    return typeof expiresIn === "number" ? expiresIn + this.clockTolerance : undefined;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const key = this.key(id);
    const ttl = this.ttl(expiresIn);

    if (this.model === "Session" && typeof payload.uid === "string") {
      this.store.set(sessionUidKey(payload.uid), id, ttl);
    }

    const { grantId, userCode } = payload;
    if (GRANTABLE.has(this.model) && typeof grantId === "string") {
      const existing = this.store.get(grantKey(grantId));
      const members = existing instanceof Set ? (existing as Set<string>) : new Set<string>();
      members.add(key);
      // The index lives as long as the grant family may; tokens expire on their own.
      this.store.set(grantKey(grantId), members);
    }

    if (typeof userCode === "string") {
      this.store.set(userCodeKey(userCode), id, ttl);
    }

    this.store.set(key, clone(payload), ttl);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const found = this.store.get(this.key(id)) as AdapterPayload | undefined;
    return found ? clone(found) : undefined;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const id = this.store.get(sessionUidKey(uid));
    return typeof id === "string" ? this.find(id) : undefined;
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const id = this.store.get(userCodeKey(userCode));
    return typeof id === "string" ? this.find(id) : undefined;
  }

  async consume(id: string): Promise<void> {
    const found = this.store.get(this.key(id)) as AdapterPayload | undefined;
    if (found) found.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    const key = this.key(id);
    const found = this.store.get(key) as AdapterPayload | undefined;
    this.store.delete(key);
    if (found?.uid && this.store.get(sessionUidKey(found.uid)) === id) {
      this.store.delete(sessionUidKey(found.uid));
    }
    if (found?.userCode && this.store.get(userCodeKey(found.userCode)) === id) {
      this.store.delete(userCodeKey(found.userCode));
    }
    if (found?.grantId) {
      const members = this.store.get(grantKey(found.grantId));
      if (members instanceof Set) members.delete(key);
    }
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    const members = this.store.get(grantKey(grantId));
    if (members instanceof Set) {
      for (const key of members as Set<string>) this.store.delete(key);
    }
    this.store.delete(grantKey(grantId));
  }
}

/** Returns an oidc-provider `adapter` factory bound to a fresh store. */
export function createMemoryAdapter(clockTolerance = 15): {
  factory: (model: string) => Adapter;
  store: MemoryStore;
} {
  const store = new MemoryStore();
  return { factory: (model: string) => new MemoryAdapter(model, store, clockTolerance), store };
}
