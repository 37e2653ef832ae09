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
import { bootRequests } from './api/boot-requests'
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

/** Where a screen opens: location.search and the path's parameters ({ id } for '/projects/:id'). */
export interface ScreenAddress {
  search: string
  params: Record<string, string>
}

/**
 * Starts a screen's first requests for `at`: a promise that settles once they have answered, or
 * undefined when the cache holds them already (the screen shows them and refreshes behind).
 */
type ScreenPrefetch = (at: ScreenAddress) => Promise<unknown> | undefined

/**
 * A screen's prefetch from a module of its own (in the 'prefetch' chunk, kept out of the entry):
 * imported on first use, then called in the caller's task, so a move to a screen whose data is
 * cached is not held at all.
 */
function lazyPrefetch<M>(
  load: () => Promise<M>,
  start: (module: M, at: ScreenAddress) => Promise<unknown> | undefined,
): ScreenPrefetch {
  let loaded: M | undefined
  return (at) =>
    loaded
      ? start(loaded, at)
      : load().then((module) => {
          loaded = module
          return start(module, at)
        })
}

/** A screen: the path pattern (wouter syntax), its chunk's preload, what to render, and the data it opens with. */
export interface Screen {
  path: string
  preload: () => Promise<unknown>
  /** True once the screen's chunk has loaded. */
  isLoaded: () => boolean
  element: ReactNode
  /** Starts the screen's first requests on a cold load or a move. */
  prefetch?: ScreenPrefetch
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
  defineScreen(
    '/',
    DashboardView,
    lazyPrefetch(
      () => import('./views/dashboard/prefetch'),
      (m) => m.prefetchDashboard(),
    ),
  ),
  defineScreen(
    '/projects',
    ProjectsListView,
    lazyPrefetch(
      () => import('./views/projects/list/list-prefetch'),
      (m, at) => m.prefetchProjectsList(at.search),
    ),
  ),
  defineScreen('/projects/new', AddProjectView),
  defineScreen('/projects/triage', TriageView),
  defineScreen(
    '/users',
    UsersListView,
    lazyPrefetch(
      () => import('./views/users/list/list-prefetch'),
      (m, at) => m.prefetchUsersList(at.search),
    ),
  ),
  defineScreen(
    '/orders',
    OrdersListView,
    lazyPrefetch(
      () => import('./views/orders/list/list-prefetch'),
      (m, at) => m.prefetchOrdersList(at.search),
    ),
  ),
  defineScreen(
    '/payments',
    PaymentsView,
    lazyPrefetch(
      () => import('./views/payments/list/list-prefetch'),
      (m, at) => m.prefetchPayments(at.search),
    ),
  ),
  defineScreen(
    '/contacts',
    ContactsListView,
    lazyPrefetch(
      () => import('./views/contacts/list/list-prefetch'),
      (m, at) => m.prefetchContactsList(at.search),
    ),
  ),
  defineScreen(
    '/commission',
    CommissionView,
    lazyPrefetch(
      () => import('./views/commission/list-prefetch'),
      (m, at) => m.prefetchCommission(at.search),
    ),
  ),
  defineScreen(
    '/analytics',
    AnalyticsView,
    lazyPrefetch(
      () => import('./views/analytics/prefetch'),
      (m, at) => m.prefetchAnalytics(at.search),
    ),
  ),
  defineScreen('/settings', SettingsView),
  defineScreen('/audit', AuditView),
  defineScreen(
    '/projects/:id',
    ProjectDetailView,
    lazyPrefetch(
      () => import('./views/projects/detail/detail-prefetch'),
      (m, at) => m.prefetchProjectDetail(at.params.id),
    ),
  ),
  defineScreen(
    '/users/:id',
    UserDetailView,
    lazyPrefetch(
      () => import('./views/users/detail/detail-prefetch'),
      (m, at) => m.prefetchUserDetail(at.params.id),
    ),
  ),
  defineScreen(
    '/contacts/:id',
    ContactDetailView,
    lazyPrefetch(
      () => import('./views/contacts/detail/detail-prefetch'),
      (m, at) => m.prefetchContactDetail(at.params.id),
    ),
  ),
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
function routeCode(
  pathname: string,
  search: string,
): {
  views: Array<Pick<Preloadable<object>, 'preload' | 'isLoaded'>>
  /** Starts the screen's first requests (see ScreenPrefetch). */
  prefetch?: () => Promise<unknown> | undefined
} {
  // regexparam's parse is wouter's default parser: the same matching as <Switch>.
  const matches = (path: string) => matchRoute(parse, path, pathname)[0]
  if (matches('/login')) return { views: [LoginView] }
  if (!(session.getAccessToken() || session.getRefreshToken())) return { views: [] }
  for (const screen of SCREENS) {
    const [matched, params] = matchRoute(parse, screen.path, pathname)
    if (!matched) continue
    const { prefetch } = screen
    const at = { search, params: (params ?? {}) as Record<string, string> }
    return { views: [ProtectedArea, screen], prefetch: prefetch && (() => prefetch(at)) }
  }
  return { views: [ProtectedArea, NotFoundView] }
}

/**
 * Loads the chunks `pathname` shows first, and starts the screen's first request (not waited
 * for). Without a stored session a protected address only redirects to /login, so nothing is
 * fetched for it. Never rejects: a failed chunk is retried by the lazy component, which shows
 * the loading state meanwhile; a failed prefetch is the screen's to retry.
 */
export async function preloadRoute(pathname: string, search = ''): Promise<void> {
  const { views, prefetch } = routeCode(pathname, search)
  const data = prefetch?.()?.catch(() => undefined)
  const chunks = views.map((v) => v.preload())
  // What a signed-in cold load asks for until its chunks are in and its first data has answered
  // is what the next cold load of the address sends from index.html (src/api/boot-requests.ts).
  if (views.includes(ProtectedArea)) {
    void Promise.allSettled([data, ...chunks]).then(() => bootRequests.save(pathname + search))
  }
  await Promise.allSettled(chunks)
}

/**
 * What a move within the console to `url` waits for (src/lib/screen-navigation.ts): the chunks of
 * its screen (`load` rejects when one fails) and, for a move to another address, its first
 * requests when not cached. A move within the screen on show (a filter, a page) is not held for
 * data: that screen keeps its rows while it fetches the new ones, and its controls answer at once.
 */
export function screenCodeAt(url: URL): ScreenCode {
  const { views, prefetch } = routeCode(url.pathname, url.search)
  return {
    loaded: () => views.every((v) => v.isLoaded()),
    load: () => Promise.all(views.map((v) => v.preload())),
    data: url.pathname === window.location.pathname ? undefined : prefetch,
  }
}
