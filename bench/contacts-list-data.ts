/**
 * Synthetic contacts for the contacts benchmark: the demo seed's people and projects at a
 * small scale (`seedDemo`, scale 0.5: 150 users, 200 projects, 75 contacts), then contacts up to
 * `count` in all by ONE `INSERT … SELECT` over generate_series, then VACUUM ANALYZE. The triggers
 * of the schema run as for any write (contacts.search_text, the per-status counts, the table
 * version).
 *
 * Rows, deterministic per row number i (hashes of i pick from the seed's faker en_IN pools, passed
 * as JSON arrays): name = first + last name, e-mail `first.last.<n>@<domain>` (the seed's form),
 * a +91 phone 70% of the time, a subject from the seed's ten, a message of 3-5 sentences
 * (≈ 250-450 characters: greeting with the name, the subject, two or three asks, a closing line),
 * status new 30% / read 30% / replied 30% / archived 10% (as the seed), a reply and repliedAt for
 * replied ones, a related project 40% of the time, created over the last 365 days (newest last,
 * ~270 a day, so 'this month' holds a few thousand). `is_read` is not written (status decides it).
 */
import type { KeyObject } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '../server/db/client'
import { buildFragments } from '../server/db/seed/fragments'
import { seedDemo } from '../server/db/seed/seed'

/** The demo seed's share: scale 0.5 (150 users, 200 projects, 75 contacts in every status). */
export const BENCH_CONTACTS_SEED = { scale: 0.5 } as const
const SPAN_SECONDS = 365 * 86_400

/** Sentences a message is made of, beside the seed's `asks`. */
const DETAILS = [
  'I am a final-year B.Tech student and my project review is scheduled for next Monday.',
  'I have already paid through UPI and I am attaching the transaction reference here.',
  'Our college needs the project report in the IEEE format with screenshots of every module.',
  'The database script fails on MySQL 8 with an error about the default authentication plugin.',
  'Could you also tell me whether the admin panel works on mobile browsers?',
  'We are a small team of three and would like a walkthrough of the code over a video call.',
  'The download link in the confirmation e-mail says that it has expired.',
  'Please let me know the total cost including installation and the project report.',
  'I tried the steps in the README twice but the server does not start on Windows 11.',
  'Our guide has asked us to add an OTP login and a PDF export of the reports.',
  'Kindly share an invoice with our institute name and GSTIN so that accounts can reimburse it.',
  'The demo site shows a blank page after login in Chrome and Firefox.',
]
const CLOSINGS = [
  'Please get back to me soon.',
  'Thanks in advance.',
  'Looking forward to your reply.',
  'Waiting for your response.',
  'Thank you for your help.',
]

/**
 * Seed people and projects, then contacts until `count` in all (the seed's included). Returns the
 * number of contacts written by the generate_series statement.
 */
export async function insertBenchContacts(
  database: Database,
  count: number,
  opts: { adminEmail: string; dataKey: KeyObject },
): Promise<number> {
  await seedDemo(database, { scale: BENCH_CONTACTS_SEED.scale, adminEmail: opts.adminEmail, dataKey: opts.dataKey })
  const db = database.db
  const [{ seeded }] = (
    (await db.execute(sql`SELECT count(*)::int AS seeded FROM contacts`)) as unknown as { rows: { seeded: number }[] }
  ).rows
  const extra = Math.max(0, count - seeded)
  const f = buildFragments(20_26)
  const pools = JSON.stringify({
    first: f.firstNames,
    last: f.lastNames,
    domains: f.mailDomains,
    subjects: f.subjects,
    asks: f.asks,
    details: DETAILS,
    closings: CLOSINGS,
    replies: f.replies,
  })
  if (extra > 0) {
    // h1..h4: independent hashes of i (Knuth multiplicative, different primes) pick from the pools.
    await db.execute(sql`
      WITH pool AS (
        SELECT ARRAY(SELECT json_array_elements_text(j->'first')) AS first, ARRAY(SELECT json_array_elements_text(j->'last')) AS last,
          ARRAY(SELECT json_array_elements_text(j->'domains')) AS domains, ARRAY(SELECT json_array_elements_text(j->'subjects')) AS subjects,
          ARRAY(SELECT json_array_elements_text(j->'asks')) AS asks, ARRAY(SELECT json_array_elements_text(j->'details')) AS details,
          ARRAY(SELECT json_array_elements_text(j->'closings')) AS closings, ARRAY(SELECT json_array_elements_text(j->'replies')) AS replies
        FROM (SELECT ${pools}::json AS j) AS src),
      proj AS (SELECT array_agg(id ORDER BY id) AS a FROM projects),
      g AS (
        SELECT i, (i * 2654435761) % 4294967291 AS h1, (i * 40503 + 7) % 1000003 AS h2, (i * 104729 + 13) % 999983 AS h3,
          (i * 7919 + 101) % 100 AS pct,
          now() - make_interval(secs => ${SPAN_SECONDS}::float8 * (${extra}::int - i) / ${extra}::int + (i * 7919) % 600) AS t
        FROM generate_series(1::bigint, ${extra}::bigint) AS i),
      r AS (
        SELECT g.*, pool.first[1 + h1 % cardinality(pool.first)] AS fn, pool.last[1 + h2 % cardinality(pool.last)] AS ln,
          pool.subjects[1 + h3 % cardinality(pool.subjects)] AS subj,
          CASE WHEN pct < 30 THEN 'new' WHEN pct < 60 THEN 'read' WHEN pct < 90 THEN 'replied' ELSE 'archived' END AS st
        FROM g, pool)
      INSERT INTO contacts (id, name, email, phone, subject, message, status, project_id, reply, replied_at, created_at, updated_at)
      SELECT gen_random_uuid(), r.fn || ' ' || r.ln,
        lower(regexp_replace(r.fn || '.' || r.ln, '[^A-Za-z.]', '', 'g')) || '.' || (${seeded}::int + r.i) || '@'
          || pool.domains[1 + r.h2 % cardinality(pool.domains)],
        CASE WHEN r.h1 % 10 < 7 THEN '+91 ' || (6 + r.h3 % 4) || lpad(((r.h1 * 31 + r.i) % 1000000000)::text, 9, '0') END,
        r.subj,
        'Hi, I am ' || r.fn || '. ' || r.subj || ': ' || pool.asks[1 + r.h1 % cardinality(pool.asks)] || ' '
          || pool.details[1 + r.h2 % cardinality(pool.details)] || ' '
          || CASE WHEN r.h3 % 3 > 0 THEN pool.details[1 + (r.h2 + 1 + r.h3 % 5) % cardinality(pool.details)] || ' ' ELSE '' END
          || CASE WHEN r.h1 % 2 = 0 THEN pool.asks[1 + (r.h1 / 7) % cardinality(pool.asks)] || ' ' ELSE '' END
          || pool.closings[1 + r.h3 % cardinality(pool.closings)] || E'\n\nRegards,\n' || r.fn || ' ' || r.ln,
        r.st::contact_status,
        CASE WHEN r.h2 % 10 < 4 THEN proj.a[1 + r.h3 % cardinality(proj.a)] END,
        CASE WHEN r.st = 'replied' THEN pool.replies[1 + r.h2 % cardinality(pool.replies)] END,
        CASE WHEN r.st = 'replied' THEN least(now(), r.t + make_interval(secs => 3600 + r.h1 % 259200)) END,
        r.t,
        CASE WHEN r.st = 'replied' THEN least(now(), r.t + make_interval(secs => 3600 + r.h1 % 259200)) ELSE r.t END
      FROM r, pool, proj`)
  }
  // As the seed does and autovacuum would: statistics and the visibility map (index-only scans).
  await db.execute(sql`VACUUM ANALYZE`)
  return extra
}
