/**
 * A seeded pseudo-random source for the risk simulation: the same seed gives the same sequence on
 * the server, in a worker and in tests, so a season run is repeatable. Mulberry32 (32-bit state) is
 * small, fast and plenty for sampling storms; it is not for anything secret.
 */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return {
    next() {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

export function uniform(random: Random, min: number, max: number): number {
  return min + (max - min) * random.next();
}

/** A triangular distribution: staff give the least, the most likely and the most a storm's size or severity can be. */
export interface Triangular {
  min: number;
  mode: number;
  max: number;
}

export function triangular(random: Random, { min, mode, max }: Triangular): number {
  if (max <= min) return min;
  const u = random.next();
  const split = (mode - min) / (max - min);
  return u < split ? min + Math.sqrt(u * (max - min) * (mode - min)) : max - Math.sqrt((1 - u) * (max - min) * (max - mode));
}

/** A Poisson count (Knuth's method: exact, and quick for the few storms a zone sees in a season). */
export function poisson(random: Random, mean: number): number {
  if (mean <= 0) return 0;
  const limit = Math.exp(-mean);
  let count = 0;
  let product = random.next();
  while (product > limit) {
    count += 1;
    product *= random.next();
  }
  return count;
}
