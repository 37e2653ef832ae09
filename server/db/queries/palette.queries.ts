/**
 * The palette's project search (contract src/api/schemas/palette.ts): lean rows newest first and
 * a count capped at `cap`, both on the searchable text like the projects list (the trigram index serves
 * terms of 3+ characters; shorter ones find their first rows early in created_at order).
 */
import { desc, eq, sql } from 'drizzle-orm'
import type { PaletteProject } from '../../../src/api/schemas/palette'
import type { Db } from '../client'
import { projectSearch, projects } from '../schema'
import { projectTextContains } from './projects-list.queries'

/**
 * Projects (active or not) whose searchable text contains `search`, at most `limit`, and how many
 * matched up to `cap` (+1 tells more). Both read project_search (migration 0029), newest first.
 */
export async function searchPaletteProjects(
  db: Db,
  search: string,
  limit: number,
  cap: number,
): Promise<{ rows: PaletteProject[]; counted: number }> {
  const where = projectTextContains(search.trim())
  const rows = await db
    .select({
      _id: projects.id,
      title: projects.title,
      category: projects.category,
      verificationStatus: projects.verificationStatus,
      isActive: projects.isActive,
    })
    .from(projectSearch)
    .innerJoin(projects, eq(projects.id, projectSearch.projectId))
    .where(where)
    .orderBy(desc(projectSearch.createdAt), desc(projectSearch.projectId))
    .limit(limit)
  // Counting stops after cap + 1 rows: a one-letter search would otherwise read all of them.
  const [{ counted }] = await db.select({ counted: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(projectSearch)
      .where(where)
      .limit(cap + 1)
      .as('matched'),
  )
  return { rows, counted }
}
