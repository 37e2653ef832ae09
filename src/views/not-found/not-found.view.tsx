/** The protected area's answer for an address no screen serves. */
import { EmptyState } from '../../components/states'

export default function NotFoundView() {
  return (
    <EmptyState
      title="Page not found"
      description="There is no screen at this address. Press Ctrl+K to go somewhere."
    />
  )
}
