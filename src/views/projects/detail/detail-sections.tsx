/**
 * The detail page's sections in SPEC.md 2 order. The first four (what a 900 px high window shows)
 * render with the screen; the rest in a second, interruptible render right after the first frame
 * (React's useDeferredValue with an initial value), so opening a project paints in about two
 * thirds of the time (BENCHMARKS.md "Warm interactions").
 */
import { useDeferredValue } from 'react'
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
  const rest = useDeferredValue(true, false) // false in the first render, then true
  return (
    <div className="project-detail__sections">
      <DescriptionSection />
      <ListSection field="technologies" title="Technologies" />
      <ListSection field="features" title="Features" />
      <ImagesSection />
      {rest && <RestSections project={project} categories={categories} />}
    </div>
  )
}

/** The sections below the first screenful. */
function RestSections({ project, categories }: { project: Project; categories: string[] }) {
  return (
    <>
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
    </>
  )
}
