/** The login route's registry (decision 003): the sign-in commands only, the same objects the app registry holds. */
import { authCommands } from './auth.commands'
import { createRegistry, type CommandRegistry } from './registry'

export const loginRegistry: CommandRegistry = createRegistry(authCommands)
