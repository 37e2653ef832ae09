/**
 * Synthetic orders and payments for the orders benchmark: the demo seed's people and
 * projects (`seedDemo`, realistic names, e-mails and titles to search), then `count` orders in
 * batches of one INSERT … SELECT over generate_series each, their payments written by the same
 * statement (a data-modifying CTE), then VACUUM ANALYZE. The triggers of the schema run as for any
 * write (orders.search_text, payments.search_text, table versions).
 *
 * Orders spread over the last two years, newest last; status by age as the seed's statusFor
 * (recent orders open, old ones ~75% completed, 15% cancelled); payments as the seed writes them:
 * pending → one pending payment, cancelled → one failed, the others one completed (10% after a
 * failed attempt). Notes are not generated for these orders (the lists and stats do not read them;
 * the seed's own orders carry theirs). Order numbers ORD-<year>-<7 digits> continue after the
 * seed's.
 */
import type { KeyObject } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '../server/db/client'
import { seedDemo } from '../server/db/seed/seed'

/** The demo seed's share: 20,000 users (10% agents), 800 projects, 4,000 orders with notes. */
export const BENCH_SEED = { scale: 2, users: 20_000 } as const
const BATCH = 50_000
const SPAN_SECONDS = 730 * 86_400

/**
 * Seed people and projects, then `count` orders in all (the seed's 4,000 included) with their
 * payments. `onBatch` reports progress (orders written so far).
 */
export async function insertBenchOrders(
  database: Database,
  count: number,
  opts: { adminEmail: string; dataKey: KeyObject; onBatch?: (written: number) => void },
): Promise<void> {
  await seedDemo(database, {
    scale: BENCH_SEED.scale,
    users: BENCH_SEED.users,
    adminEmail: opts.adminEmail,
    dataKey: opts.dataKey,
  })
  const db = database.db
  const [{ seeded }] = (
    (await db.execute(sql`SELECT count(*)::int AS seeded FROM orders`)) as unknown as { rows: { seeded: number }[] }
  ).rows
  const total = Math.max(count, seeded)
  for (let start = seeded + 1; start <= total; start += BATCH) {
    const end = Math.min(total, start + BATCH - 1)
    // i: 1..total, created i·(SPAN/total) seconds after now() − SPAN, plus up to a minute of jitter.
    await db.execute(sql`
      WITH u AS (SELECT array_agg(id ORDER BY id) AS a FROM users WHERE NOT is_admin),
        g AS (SELECT array_agg(id ORDER BY id) AS a FROM users WHERE is_agent),
        p AS (SELECT array_agg(id ORDER BY id) AS a, array_agg(price_paise ORDER BY id) AS price FROM projects),
        src AS (
          SELECT i, h, t, extract(epoch FROM now() - t) / 86400 AS age_days
          FROM generate_series(${start}::bigint, ${end}::bigint) AS i,
            LATERAL (SELECT (i::bigint * 2654435761) % 1000 AS h) AS hh,
            LATERAL (SELECT now() - make_interval(secs => ${SPAN_SECONDS}::float8 * (${total}::int - i) / ${total}::int
              + (i * 7919) % 60) AS t) AS tt),
        ins AS (
          INSERT INTO orders (id, order_id, user_id, project_id, referrer_id, total_amount_paise, with_customization,
            with_installation, with_report, status, created_at, updated_at)
          SELECT gen_random_uuid(),
            'ORD-' || extract(year FROM src.t AT TIME ZONE 'Asia/Kolkata')::int || '-' || lpad(i::text, 7, '0'),
            u.a[(1 + (i * 7919) % cardinality(u.a))::int], p.a[(1 + (i * 104729) % cardinality(p.a))::int],
            CASE WHEN h % 5 = 0 THEN g.a[(1 + i % cardinality(g.a))::int] END,
            p.price[(1 + (i * 104729) % cardinality(p.a))::int] + CASE WHEN h % 4 = 1 THEN 99900 ELSE 0 END,
            h % 10 < 3, h % 4 = 1, h % 10 >= 6,
            (CASE
              WHEN age_days < 3 THEN CASE WHEN h % 100 < 50 THEN 'pending' WHEN h % 100 < 75 THEN 'confirmed'
                WHEN h % 100 < 85 THEN 'in_progress' ELSE 'cancelled' END
              WHEN age_days < 30 THEN CASE WHEN h % 100 < 15 THEN 'pending' WHEN h % 100 < 35 THEN 'confirmed'
                WHEN h % 100 < 60 THEN 'in_progress' WHEN h % 100 < 90 THEN 'completed' ELSE 'cancelled' END
              ELSE CASE WHEN h % 100 < 4 THEN 'pending' WHEN h % 100 < 7 THEN 'confirmed' WHEN h % 100 < 10 THEN 'in_progress'
                WHEN h % 100 < 85 THEN 'completed' ELSE 'cancelled' END
            END)::order_status,
            src.t, src.t
          FROM src, u, g, p
          RETURNING id, order_id, total_amount_paise, status, created_at)
      INSERT INTO payments (id, payment_id, order_id, amount_paise, method, status, transaction_id, created_at, updated_at)
      SELECT gen_random_uuid(), 'pay_' || substr(md5(ins.order_id || k), 1, 14), ins.id, ins.total_amount_paise,
        (ARRAY['UPI', 'UPI', 'UPI', 'UPI', 'UPI', 'Card', 'Card', 'Card', 'Netbanking', 'Wallet'])[1 + abs(hashtext(ins.order_id)) % 10],
        ps.status::payment_status,
        CASE WHEN ps.status = 'completed' THEN 'TXN' || upper(substr(md5('t' || ins.order_id), 1, 12)) END,
        ins.created_at + make_interval(secs => k * 60), ins.created_at + make_interval(secs => k * 60)
      FROM ins, LATERAL (VALUES (0), (1)) AS kk (k),
        LATERAL (SELECT CASE
          WHEN ins.status = 'pending' THEN CASE WHEN k = 0 THEN 'pending' END
          WHEN ins.status = 'cancelled' THEN CASE WHEN k = 0 THEN 'failed' END
          WHEN k = 1 THEN 'completed'
          WHEN abs(hashtext(ins.order_id)) % 10 = 0 THEN 'failed' END AS status) AS ps
      WHERE ps.status IS NOT NULL`)
    opts.onBatch?.(end)
  }
  // As the seed does and autovacuum would: statistics and the visibility map (index-only scans).
  await db.execute(sql`VACUUM ANALYZE`)
}
