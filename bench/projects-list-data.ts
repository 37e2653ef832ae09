/**
 * Synthetic projects for the list benchmark: `count` rows inserted by one INSERT … SELECT over
 * generate_series (project_search's trigger writes each one's search row), then VACUUM ANALYZE.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../server/db/client'

export const BENCH_CATEGORIES = [
  'Web Development',
  'Mobile Development',
  'AI/ML',
  'SaaS',
  'Desktop App',
  'Game Development',
  'Security Tools',
]
const TECHS = [
  'React',
  'Vue',
  'Angular',
  'Node.js',
  'Python',
  'Django',
  'Flutter',
  'Kotlin',
  'Go',
  'Rust',
  'PostgreSQL',
  'MongoDB',
]
const ADJECTIVES = ['Smart', 'Simple', 'Secure', 'Fast', 'Modern', 'Open', 'Cloud', 'Mini', 'Pro', 'Easy']
const NOUNS = [
  'Inventory',
  'Chat',
  'Dashboard',
  'Tracker',
  'Portal',
  'Scanner',
  'Planner',
  'Store',
  'Editor',
  'Analytics',
  'Booking',
  'Quiz',
  'Wallet',
]
const TAGS = [
  'student',
  'final-year',
  'erp',
  'retail',
  'health',
  'education',
  'finance',
  'iot',
  'game',
  'nlp',
  'vision',
]

const pg = (list: string[]) => sql.raw(`ARRAY[${list.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]::text[]`)

/** Insert `count` projects spread over the last ~2 years, ~90% active, statuses and categories mixed. */
export async function insertBenchProjects(db: Db, count: number): Promise<void> {
  const batch = 25_000
  for (let start = 1; start <= count; start += batch) {
    const end = Math.min(count, start + batch - 1)
    await db.execute(sql`
      WITH w AS (SELECT ${pg(TECHS)} t, ${pg(ADJECTIVES)} a, ${pg(NOUNS)} n, ${pg(TAGS)} g, ${pg(BENCH_CATEGORIES)} c)
      INSERT INTO projects (id, title, description, category, price_paise, technologies, features, tags,
        verification_status, is_active, created_at, updated_at)
      SELECT gen_random_uuid(),
        w.a[1 + i % 10] || ' ' || w.n[1 + (i / 10) % 13] || ' ' || i,
        'A ' || lower(w.a[1 + (i / 7) % 10]) || ' ' || lower(w.n[1 + i % 13]) || ' system built with '
          || w.t[1 + i % 12] || ' and ' || w.t[1 + (i / 12) % 12] || ' for ' || w.g[1 + (i / 3) % 11] || ' use.',
        w.c[1 + (i / 5) % 7], (i % 5000) * 100 + 49900,
        ARRAY[w.t[1 + i % 12], w.t[1 + (i / 12) % 12]], ARRAY['Login', 'Reports'],
        ARRAY[w.g[1 + (i / 3) % 11], w.g[1 + (i / 17) % 11]],
        (ARRAY['pending','under_review','approved','needs_changes','rejected'])[1 + (i / 2) % 5]::verification_status,
        i % 10 <> 0, now() - (i || ' minutes')::interval * 7, now()
      FROM generate_series(${start}::int, ${end}::int) AS i, w`)
  }
  // As the seed does and autovacuum would: statistics and the visibility map (index-only scans).
  await db.execute(sql`VACUUM ANALYZE projects`)
}

/** The list queries to time: page 20 with a search term and two filters (category + verification). */
export const BENCH_QUERIES = [
  'search=react&category=Web%20Development&verificationStatus=approved',
  'search=dashboard&category=SaaS&verificationStatus=pending',
  'search=python&category=AI%2FML&verificationStatus=under_review',
  'search=retail&category=Mobile%20Development&verificationStatus=approved',
  'search=smart%20chat&category=Desktop%20App&verificationStatus=rejected',
  'search=postgres&category=Security%20Tools&verificationStatus=needs_changes',
].map((q) => `/api/projects?${q}&limit=20&page=1`)

/**
 * `n` queries whose filter combinations are all different (search term × category × status), so
 * none can reuse a cached count: the cost of the exact count(*) is in every request.
 */
export function distinctBenchQueries(n: number): string[] {
  const terms = [
    'react',
    'dashboard',
    'python',
    'retail',
    'chat',
    'postgres',
    'tracker',
    'flutter',
    'secure',
    'health',
    'kotlin',
    'wallet',
    'quiz',
    'mongodb',
  ]
  const statuses = ['pending', 'under_review', 'approved', 'needs_changes', 'rejected']
  const all = terms.flatMap((t) =>
    BENCH_CATEGORIES.flatMap((c) =>
      statuses.map(
        (s) => `/api/projects?search=${t}&category=${encodeURIComponent(c)}&verificationStatus=${s}&limit=20&page=1`,
      ),
    ),
  )
  if (n > all.length) throw new Error(`at most ${all.length} distinct queries`)
  return all.slice(0, n)
}
