/** The hint box: the admin login e-mail (the running server's ADMIN_EMAIL, src/lib/runtime-config.ts) and that sign-in is OTP-based. */
import { Info } from 'lucide-react'
import { useContext } from 'react'
import { AdminEmailContext } from '../../lib/runtime-config'

export function AdminHint() {
  const adminEmail = useContext(AdminEmailContext)
  return (
    <aside className="login__hint" data-testid="admin-hint">
      <Info size={14} className="login__hint-icon" />
      <div>
        <p>
          Admin login: <strong>{adminEmail}</strong>
        </p>
        <p className="muted">Sign-in is OTP-based: a one-time code is e-mailed to you, no password needed.</p>
      </div>
    </aside>
  )
}
