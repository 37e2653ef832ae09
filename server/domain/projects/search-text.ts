/**
 * The text that project search runs over (issue 3): lower-cased title, description,
 * technologies and tags joined by spaces. The database keeps `projects.search_text` equal to this
 * with a BEFORE INSERT OR UPDATE trigger (migration 0002_projects_search_trigger), so inserts
 * that forget it (seeds, COPY) are still searchable; a GIN gin_trgm_ops index serves
 * `search_text ILIKE '%term%'`.
 */
export type SearchableProject = {
  title: string
  description: string
  technologies: readonly string[]
  tags: readonly string[]
}

/** Same result as the trigger's `lower(title || ' ' || description || ' ' || techs || ' ' || tags)`. */
export function projectSearchText(project: SearchableProject): string {
  return [project.title, project.description, project.technologies.join(' '), project.tags.join(' ')]
    .join(' ')
    .toLowerCase()
}
