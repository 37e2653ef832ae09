/**
 * The screens (SPEC.md 2 "Route table"), each its own lazy chunk, and `preloadRoute`, which the
 * entry awaits before its first render: it fetches the chunks the current address needs at once
 * and in parallel (the login screen; or, with a stored session, the protected area and the
 * screen), so the first render shows them without a Suspense fallback.
 * Order matters: the first matching path wins (/projects/new before /projects/:id).
 */
import type { ReactNode } from 'react'
import { parse } from 'regexparam'
import { matchRoute } from 'wouter'
import { session } from './api/session'
import { preloadable, type Preloadable } from './lib/preloadable'
import type { ScreenCode } from './lib/screen-navigation'

/** The login screen. */
export const LoginView = preloadable(() => import('./views/login/login.view'))
/** Providers, command system and shell around every other screen. */
export const ProtectedArea = preloadable(() => import('./views/layout/protected-area.view'))
/** Shown for any address of the protected area that no screen serves. */
export const NotFoundView = preloadable(() => import('./views/not-found/not-found.view'))

const DashboardView = preloadable(() => import('./views/dashboard/dashboard.view'))
const ProjectsListView = preloadable(() => import('./views/projects/list/projects-list.view'))
const AddProjectView = preloadable(() => import('./views/projects/new/add-project.view'))
const ProjectDetailView = preloadable(() => import('./views/projects/detail/project-detail.view'))
const UsersListView = preloadable(() => import('./views/users/list/users-list.view'))
const UserDetailView = preloadable(() => import('./views/users/detail/user-detail.view'))
const OrdersListView = preloadable(() => import('./views/orders/list/orders-list.view'))
const ContactDetailView = preloadable(() => import('./views/contacts/detail/contact-detail.view'))
const PaymentsView = preloadable(() => import('./views/payments/list/payments-list.view'))
const ContactsListView = preloadable(() => import('./views/contacts/list/contacts-list.view'))
const CommissionView = preloadable(() => import('./views/commission/commission.view'))
const SettingsView = preloadable(() => import('./views/settings/settings.view'))
const AnalyticsView = preloadable(() => import('./views/analytics/analytics.view'))
const AuditView = preloadable(() => import('./views/audit/audit.view'))
const TriageView = preloadable(() => import('./views/triage/triage.view'))

/** A screen: the path pattern (wouter syntax), its chunk's preload, what to render, and the data it opens with. */
export interface Screen {
  path: string
  preload: () => Promise<unknown>
  /** True once the screen's chunk has loaded. */
  isLoaded: () => boolean
  element: ReactNode
  /** Starts the screen's first request on a cold load or a held move, given location.search. */
  prefetch?: (search: string) => Promise<unknown>
}

/** The screen `View` at `path`, opening with `prefetch`. */
const defineScreen = (path: string, View: Preloadable<object>, prefetch?: Screen['prefetch']): Screen => ({
  path,
  preload: View.preload,
  isLoaded: View.isLoaded,
  element: <View />,
  prefetch,
})

/** The protected area's screens, in matching order. */
export const SCREENS: Screen[] = [
  defineScreen('/', DashboardView),
  defineScreen('/projects', ProjectsListView, (search) =>
    import('./views/projects/list/list-prefetch').then((m) => m.prefetchProjectsList(search)),
  ),
  defineScreen('/projects/new', AddProjectView),
  defineScreen('/projects/triage', TriageView),
  defineScreen('/users', UsersListView, (search) =>
    import('./views/users/list/list-prefetch').then((m) => m.prefetchUsersList(search)),
  ),
  defineScreen('/orders', OrdersListView, (search) =>
    import('./views/orders/list/list-prefetch').then((m) => m.prefetchOrdersList(search)),
  ),
  defineScreen('/payments', PaymentsView, (search) =>
    import('./views/payments/list/list-prefetch').then((m) => m.prefetchPayments(search)),
  ),
  defineScreen('/contacts', ContactsListView, (search) =>
    import('./views/contacts/list/list-prefetch').then((m) => m.prefetchContactsList(search)),
  ),
  defineScreen('/commission', CommissionView, (search) =>
    import('./views/commission/list-prefetch').then((m) => m.prefetchCommission(search)),
  ),
  defineScreen('/analytics', AnalyticsView, (search) =>
    import('./views/analytics/prefetch').then((m) => m.prefetchAnalytics(search)),
  ),
  defineScreen('/settings', SettingsView),
  defineScreen('/audit', AuditView),
  defineScreen('/projects/:id', ProjectDetailView),
  defineScreen('/users/:id', UserDetailView),
  defineScreen('/contacts/:id', ContactDetailView),
]

/**
 * Loads the code of the screen whose path pattern is `path` ('/projects/:id'), so that its first
 * open renders at once instead of suspending. Never rejects: a failed load is tried again when
 * the screen is opened.
 */
export function preloadScreen(path: string): Promise<void> {
  const found = SCREENS.find((s) => s.path === path)
  if (!found) return Promise.reject(new Error(`No screen at ${path}`))
  return found.preload().then(
    () => undefined,
    () => undefined,
  )
}

/** The chunks an address renders with, and the first request of its screen; nothing for a protected address without a stored session (it only redirects to /login). */
function routeCode(pathname: string): {
  views: Array<Pick<Preloadable<object>, 'preload' | 'isLoaded'>>
  prefetch?: Screen['prefetch']
} {
  // regexparam's parse is wouter's default parser: the same matching as <Switch>.
  const matches = (path: string) => matchRoute(parse, path, pathname)[0]
  if (matches('/login')) return { views: [LoginView] }
  if (!(session.getAccessToken() || session.getRefreshToken())) return { views: [] }
  const found = SCREENS.find((s) => matches(s.path))
  return { views: [ProtectedArea, found ?? NotFoundView], prefetch: found?.prefetch }
}

/**
 * Loads the chunks `pathname` shows first, and starts the screen's first request (not waited
 * for). Without a stored session a protected address only redirects to /login, so nothing is
 * fetched for it. Never rejects: a failed chunk is retried by the lazy component, which shows
 * the loading state meanwhile; a failed prefetch is the screen's to retry.
 */
export async function preloadRoute(pathname: string, search = ''): Promise<void> {
  const { views, prefetch } = routeCode(pathname)
  void prefetch?.(search).catch(() => undefined)
  await Promise.allSettled(views.map((v) => v.preload()))
}

/**
 * What a move within the console to `url` waits for (src/lib/screen-navigation.ts): the chunks of
 * its screen, loading them starting the screen's first request too. Rejects when a chunk fails.
 */
export function screenCodeAt(url: URL): ScreenCode {
  const { views, prefetch } = routeCode(url.pathname)
  return {
    loaded: () => views.every((v) => v.isLoaded()),
    load: () => {
      void prefetch?.(url.search).catch(() => undefined)
      return Promise.all(views.map((v) => v.preload()))
    },
  }
}
