// Per-IP token buckets (contract 8: rate limit scope is the IP address). A bucket holds up to
// `perSecond` tokens (at least one) and refills continuously, so short bursts pass and
// sustained excess gets 429.
export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until a request would pass again; 0 when allowed. */
  retryAfterSeconds: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly capacity: number;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = () => Date.now(),
  ) {
    if (!(perSecond > 0)) {
      throw new RangeError('The rate limit must be a positive number of requests per second.');
    }
    this.capacity = Math.max(1, perSecond);
  }

  take(ip: string): RateDecision {
    const now = this.now();
    const bucket = this.buckets.get(ip) ?? { tokens: this.capacity, updatedAt: now };
    bucket.tokens = Math.min(this.capacity, bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.perSecond);
    bucket.updatedAt = now;
    this.buckets.set(ip, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      this.forgetIdleBuckets(now);
      return { allowed: true, retryAfterSeconds: 0 };
    }
    const secondsToNextToken = (1 - bucket.tokens) / this.perSecond;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(secondsToNextToken)) };
  }

  /** A full bucket is the same as no bucket; dropping them keeps memory bounded. */
  private forgetIdleBuckets(now: number): void {
    if (this.buckets.size < 1000) {
      return;
    }
    for (const [ip, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.perSecond >= this.capacity) {
        this.buckets.delete(ip);
      }
    }
  }
}
