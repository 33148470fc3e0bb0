// A run's limit of requests at once to each provider: it starts at the provider's setting (Settings ›
// Providers, default 8) and a 429 halves it, down to 1, for the rest of the run; it is never raised within
// the run. A burst of 429s is one cut: a 429 to a request sent before the last cut says nothing new (it
// was sent under the old limit), so only a request sent after it can cut again.

export class AdaptiveLimit {
  private value: number;
  private lastCutAt = -Infinity;

  constructor(initial: number) {
    this.value = Math.max(1, Math.floor(initial));
  }

  get current(): number {
    return this.value;
  }

  /** The provider answered 429 to a request sent at `sentAt` (performance.now()); true when it cut. */
  rateLimited(sentAt: number): boolean {
    if (sentAt < this.lastCutAt || this.value === 1) return false;
    this.value = Math.max(1, Math.floor(this.value / 2));
    this.lastCutAt = performance.now();
    return true;
  }
}

/** One run's limits, by provider name, made on first use from the provider's setting. */
export class RunProviderLimits {
  private readonly limits = new Map<string, AdaptiveLimit>();

  constructor(private readonly initialOf: (provider: string) => number) {}

  of(provider: string): AdaptiveLimit {
    let limit = this.limits.get(provider);
    if (!limit) this.limits.set(provider, (limit = new AdaptiveLimit(this.initialOf(provider))));
    return limit;
  }

  /** The gateway's report of a 429 (whatever the call then did: another key, a wait, an error). */
  rateLimited(info: { provider: string; sentAt: number }): void {
    this.of(info.provider).rateLimited(info.sentAt);
  }
}
