/** Session commands: sign out (SPEC.md 2 "Layout": logout clears the session and goes to /login). */
import type { Command } from './registry'

export const sessionCommands: Command[] = [
  {
    id: 'session.signOut',
    title: 'Sign out',
    group: 'Session',
    keywords: ['logout', 'log out', 'exit'],
    when: (ctx) => ctx.auth.getSnapshot().matches('signedIn'),
    run: (ctx) => {
      ctx.auth.send({ type: 'session.signOut' })
      ctx.navigate('/login')
    },
  },
]
