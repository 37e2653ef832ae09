/**
 * Timed GETs of a cached endpoint through the app (no network), for the benches of cached
 * figures (analytics, commission stats): `repeated` measures cache hits from concurrent clients,
 * `cold` the first requests after a write. Each answer's `x-cache` header (hit, miss, shared) is
 * counted. Latencies in ms; throws on a status other than 200.
 */
import type { App } from '../server/app'
import { percentile } from './measure'

/** p50/p99 in ms, requests per second, samples, and the share of each `x-cache` value ('hit 100%'). */
export type CachedResult = { p50: number; p99: number; rps: number; n: number; caches: string }

function summary(latencies: number[], caches: Map<string, number>, seconds: number): CachedResult {
  latencies.sort((a, b) => a - b)
  const total = latencies.length
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rps: total / seconds,
    n: total,
    caches: [...caches].map(([k, n]) => `${k} ${Math.round((100 * n) / total)}%`).join(', '),
  }
}

async function timedGet(
  app: App,
  authorization: string,
  url: string,
  latencies: number[],
  caches: Map<string, number>,
) {
  const started = performance.now()
  const res = await app.request(url, { headers: { authorization } })
  const body = await res.text()
  latencies.push(performance.now() - started)
  if (res.status !== 200) throw new Error(`${url} → ${res.status} ${body.slice(0, 200)}`)
  const cache = res.headers.get('x-cache') ?? '?'
  caches.set(cache, (caches.get(cache) ?? 0) + 1)
}

/** `total` requests from `clients` concurrent loops, request i for `urls[i % length]` (nothing written). */
export async function repeated(
  app: App,
  authorization: string,
  clients: number,
  total: number,
  urls: readonly string[],
): Promise<CachedResult> {
  const latencies: number[] = []
  const caches = new Map<string, number>()
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < total; i = next++)
        await timedGet(app, authorization, urls[i % urls.length], latencies, caches)
    }),
  )
  return summary(latencies, caches, (performance.now() - started) / 1000)
}

/** `rounds` rounds of: `write(i)` (untimed), then `clients` requests of `url` at once, each timed. */
export async function cold(
  app: App,
  authorization: string,
  clients: number,
  rounds: number,
  url: string,
  write: (i: number) => Promise<void>,
): Promise<CachedResult> {
  const latencies: number[] = []
  const caches = new Map<string, number>()
  let busy = 0
  for (let i = 0; i < rounds; i++) {
    await write(i)
    const started = performance.now()
    await Promise.all(Array.from({ length: clients }, () => timedGet(app, authorization, url, latencies, caches)))
    busy += performance.now() - started
  }
  return summary(latencies, caches, busy / 1000)
}
