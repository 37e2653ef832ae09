/**
 * The registries the console mounts (decision 003). `registry` holds every command: the signed-in
 * area's palette, keys, '?' sheet and buttons read it. `loginRegistry` holds the same command
 * objects for signing in only, so the login route loads none of the other domains' commands (and
 * the machines and rules they import). Later issues append their domain arrays to `registry`.
 */
import { addProjectCommands } from './add-project.commands'
import { appCommands } from './app.commands'
import { undoCommands } from './undo.commands'
import { triageCommands } from './triage.commands'
import { authCommands } from './auth.commands'
import { navigationCommands } from './navigation.commands'
import { projectDetailCommands } from './project-detail.commands'
import { projectMediaCommands } from './project-media.commands'
import { sourceModeCommands } from './source-mode.commands'
import { projectOwnerCommands } from './project-owner.commands'
import { projectRepositoryCommands } from './project-repository.commands'
import { sourceReportCommands } from './source-report.commands'
import { projectsListCommands } from './projects-list.commands'
import { projectsFilterCommands } from './projects-list-filters.commands'
import { createRegistry, type CommandContext, type CommandRegistry } from './registry'
import { addUserCommands } from './add-user.commands'
import { paymentsCommands } from './payments.commands'
import { paymentsFilterCommands } from './payments-filters.commands'
import { usersListCommands } from './users-list.commands'
import { usersFilterCommands } from './users-list-filters.commands'
import { stepUpCommands } from './step-up.commands'
import { userDetailCommands } from './user-detail.commands'
import { verificationCommands } from './verification.commands'
import { contactDetailCommands } from './contact-detail.commands'
import { orderCancelCommands } from './order-cancel.commands'
import { orderPanelCommands } from './order-panel.commands'
import { ordersListCommands } from './orders-list.commands'
import { ordersFilterCommands } from './orders-list-filters.commands'
import { contactsListCommands } from './contacts-list.commands'
import { contactsFilterCommands } from './contacts-list-filters.commands'
import { commissionCommands } from './commission.commands'
import { commissionFormCommands } from './commission-form.commands'
import { settingsCommands } from './settings.commands'
import { reasonTemplatesCommands } from './reason-templates.commands'
import { analyticsCommands } from './analytics.commands'
import { auditCommands } from './audit.commands'

/** Every command of the console. */
export const registry: CommandRegistry = createRegistry([
  // The step-up dialog's commands first: while it is open its mod+enter wins over a screen's.
  ...stepUpCommands,
  ...navigationCommands,
  ...authCommands,
  ...appCommands,
  ...undoCommands,
  ...triageCommands,
  ...projectsListCommands,
  ...projectsFilterCommands,
  ...projectDetailCommands,
  ...projectOwnerCommands,
  ...verificationCommands,
  ...addProjectCommands,
  ...projectMediaCommands,
  ...sourceModeCommands,
  ...projectRepositoryCommands,
  ...sourceReportCommands,
  ...usersListCommands,
  ...usersFilterCommands,
  ...addUserCommands,
  ...userDetailCommands,
  ...paymentsCommands,
  ...paymentsFilterCommands,
  // The cancel confirmation's first (its mod+enter is the accept, never a panel move); the side
  // panel's before the list's: its keys win while it is open.
  ...orderCancelCommands,
  ...orderPanelCommands,
  ...ordersListCommands,
  ...ordersFilterCommands,
  ...contactsListCommands,
  ...contactsFilterCommands,
  ...contactDetailCommands,
  // The form's before the screen's: while the modal is open its keys win.
  ...commissionFormCommands,
  ...commissionCommands,
  ...analyticsCommands,
  ...settingsCommands,
  ...reasonTemplatesCommands,
  ...auditCommands,
])

/** Commands that apply in `ctx`. */
export const visibleCommands = (ctx: CommandContext) => registry.visible(ctx)
