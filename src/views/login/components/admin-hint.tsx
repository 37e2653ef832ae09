/** The hint box: the admin login e-mail (VITE_ADMIN_EMAIL, default admin@example.com) and that sign-in is OTP-based. */
import { Info } from 'lucide-react'

export const ADMIN_EMAIL: string = import.meta.env.VITE_ADMIN_EMAIL ?? 'admin@example.com'

export function AdminHint() {
  return (
    <aside className="login__hint" data-testid="admin-hint">
      <Info size={14} className="login__hint-icon" />
      <div>
        <p>
          Admin login: <strong>{ADMIN_EMAIL}</strong>
        </p>
        <p className="muted">Sign-in is OTP-based: a one-time code is e-mailed to you, no password needed.</p>
      </div>
    </aside>
  )
}
