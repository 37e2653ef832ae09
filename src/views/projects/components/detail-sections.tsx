/** The detail page's sections in SPEC.md 2 order. */
import type { Project } from '../../../api/schemas/projects'
import { FilesSection } from './files-section'
import { ImagesSection } from './images-section'
import { OwnerSection } from './owner-section'
import { ReportSection } from './report-section'
import { RepositorySection } from './repository-section'
import { DetailsSection, StatusSection, SupportSection } from './settings-sections'
import { StatisticsSection } from './statistics-section'
import { DescriptionSection, LinksSection, ListSection } from './text-sections'

export function DetailSections({ project, categories }: { project: Project; categories: string[] }) {
  return (
    <div className="project-detail__sections">
      <DescriptionSection />
      <ListSection field="technologies" title="Technologies" />
      <ListSection field="features" title="Features" />
      <ImagesSection />
      <ListSection field="tags" title="Tags" />
      <LinksSection />
      <StatusSection />
      <OwnerSection />
      <StatisticsSection project={project} />
      <SupportSection />
      <DetailsSection categories={categories} />
      <ReportSection />
      <RepositorySection />
      <FilesSection />
    </div>
  )
}
