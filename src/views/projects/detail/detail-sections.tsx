/** The detail page's sections in SPEC.md 2 order. */
import type { Project } from '../../../api/schemas/projects'
import { FilesSection } from './components/files-section'
import { ImagesSection } from './components/images-section'
import { OwnerSection } from './components/owner-section'
import { ReportSection } from './components/report-section'
import { RepositorySection } from './components/repository-section'
import { SourceReportSection } from './components/source-report-section'
import { DetailsSection, StatusSection, SupportSection } from './components/settings-sections'
import { StatisticsSection } from './components/statistics-section'
import { DescriptionSection, LinksSection, ListSection } from './components/text-sections'

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
      <SourceReportSection />
    </div>
  )
}
