/** A titled screen for routes whose feature has not been built yet: says so plainly, shows no data. */
import { Construction } from 'lucide-react'
import { EmptyState } from '../../components/states'
import { PageHeader } from '../../components/page-header'

export interface PlaceholderProps {
  title: string
  /** The issue that builds this screen, when one is filed. */
  issue?: number
}

export default function PlaceholderView({ title, issue }: PlaceholderProps) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        icon={<Construction size={20} />}
        title={`${title} is not built yet`}
        description={issue ? `This screen arrives with issue ${issue}.` : 'This screen arrives with a later issue.'}
      />
    </>
  )
}
