/**
 * Routes (SPEC.md 2 "Route table"): /login, and the protected layout around every other screen.
 * Views are lazy-loaded per route so the first bundle stays small. Screens that later issues
 * build show an honest placeholder until then.
 */
import { lazy, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { EmptyState, LoadingState } from './components/states'
import { ProtectedLayout } from './views/layout/protected-layout.view'

const LoginView = lazy(() => import('./views/login/login.view'))
const DashboardView = lazy(() => import('./views/dashboard/dashboard.view'))
const PlaceholderView = lazy(() => import('./views/placeholder/placeholder.view'))
const ProjectsListView = lazy(() => import('./views/projects/projects-list.view'))
const ProjectDetailView = lazy(() => import('./views/projects/project-detail.view'))
const AddProjectView = lazy(() => import('./views/projects/new/add-project.view'))

/** Routes still served by the placeholder, with the issue that builds them (if filed). */
const PLACEHOLDERS: Array<{ path: string; title: string; issue?: number }> = [
  { path: '/users/:id', title: 'User' },
  { path: '/users', title: 'Users' },
  { path: '/orders', title: 'Orders' },
  { path: '/contacts/:id', title: 'Contact' },
  { path: '/contacts', title: 'Contacts' },
  { path: '/payments', title: 'Payments Management' },
  { path: '/analytics', title: 'Analytics Dashboard' },
  { path: '/commission', title: 'Commission Management' },
  { path: '/settings', title: 'Settings' },
]

const screenFallback = <LoadingState title="Loading" />

export function App() {
  return (
    <Suspense fallback={null}>
      <Switch>
        <Route path="/login">
          <LoginView />
        </Route>
        <Route>
          <ProtectedLayout>
            <Suspense fallback={screenFallback}>
              <Switch>
                <Route path="/">
                  <DashboardView />
                </Route>
                <Route path="/projects">
                  <ProjectsListView />
                </Route>
                <Route path="/projects/new">
                  <AddProjectView />
                </Route>
                {PLACEHOLDERS.map((p) => (
                  <Route key={p.path} path={p.path}>
                    <PlaceholderView title={p.title} issue={p.issue} />
                  </Route>
                ))}
                <Route path="/projects/:id">
                  <ProjectDetailView />
                </Route>
                <Route>
                  <NotFound />
                </Route>
              </Switch>
            </Suspense>
          </ProtectedLayout>
        </Route>
      </Switch>
    </Suspense>
  )
}

function NotFound() {
  return <EmptyState title="Page not found" description="There is no screen at this address. Press Ctrl+K to go somewhere." />
}
