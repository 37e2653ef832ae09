/**
 * The seed's source of randomness: faker's Mersenne Twister, seeded, so a seed number always gives
 * the same data set (for the same `now`). Row-level choices use it directly (a few ns per draw);
 * faker's own generators are only used to build the fragment pools (fragments.ts).
 */
import { generateMersenne53Randomizer } from '@faker-js/faker'
import { v7 as uuidv7 } from 'uuid'

export type Rng = ReturnType<typeof createRng>

/** A seeded random source with the helpers the generators need. */
export function createRng(seed: number) {
  const randomizer = generateMersenne53Randomizer()
  randomizer.seed(seed)
  const next = () => randomizer.next()
  const bytes = new Uint8Array(16)
  return {
    /** Uniform in [0, 1). */
    next,
    /** Integer in [min, max], both inclusive. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability: number) => next() < probability,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    /** `count` distinct items (count ≤ list.length), in random order. */
    sample<T>(list: readonly T[], count: number): T[] {
      const copy = list.slice()
      const out: T[] = []
      for (let i = 0; i < count && copy.length; i++) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0])
      return out
    },
    /** Pick a key by weight: `weighted({ a: 3, b: 1 })` gives 'a' 75% of the time. */
    weighted<K extends string>(weights: Record<K, number>): K {
      const entries = Object.entries(weights) as [K, number][]
      let r = next() * entries.reduce((sum, [, w]) => sum + w, 0)
      for (const [key, w] of entries) if ((r -= w) < 0) return key
      return entries[entries.length - 1][0]
    },
    /** A UUIDv7 for a row created at `at`: time-ordered like the app's ids, random part from the seed. */
    uuid(at: Date): string {
      for (let i = 0; i < 16; i++) bytes[i] = Math.floor(next() * 256)
      return uuidv7({ msecs: at.getTime(), random: bytes })
    },
    /** `length` characters from `alphabet`. */
    code(length: number, alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'): string {
      let s = ''
      for (let i = 0; i < length; i++) s += alphabet[Math.floor(next() * alphabet.length)]
      return s
    },
  }
}

const DAY_MS = 86_400_000

/**
 * A timestamp in the 14 months before `now`: 30% uniform, 70% on a ramp that rises towards now,
 * so every month has rows and month-over-month growth is positive on average.
 */
export function recentDate(rng: Rng, now: Date): Date {
  const end = now.getTime() - 60_000
  const span = 425 * DAY_MS
  const u = rng.next()
  return new Date(end - span + span * (rng.chance(0.3) ? u : Math.sqrt(u)))
}

/**
 * The times of `steps` events after `start`, strictly increasing and before `now`: each gap is
 * random up to `maxGapMs`, but never more than an equal share of the time left.
 */
export function timeline(rng: Rng, start: Date, steps: number, maxGapMs: number, now: Date): Date[] {
  const share = (now.getTime() - 1000 - start.getTime()) / (steps + 1)
  const out: Date[] = []
  let at = start.getTime()
  for (let i = 0; i < steps; i++) out.push(new Date((at += 1 + rng.next() * Math.max(0, Math.min(maxGapMs, share)))))
  return out
}

/** `at` plus a random delay between `minMs` and `maxMs`, never after `now`. */
export function later(rng: Rng, at: Date, minMs: number, maxMs: number, now: Date): Date {
  return new Date(Math.min(now.getTime() - 1000, at.getTime() + minMs + rng.next() * (maxMs - minMs)))
}
