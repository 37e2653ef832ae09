/** The feedback banner of a Settings form (SPEC.md 2): green when the text contains 'successfully', else red. */
import { bannerTone } from '../../../machines/settings.form'

export function SettingsBanner({ text }: { text: string | null }) {
  if (!text) return null
  const tone = bannerTone(text)
  return (
    <p
      className={`banner banner--${tone} settings-banner`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid="settings-banner"
      data-tone={tone}
    >
      {text}
    </p>
  )
}
