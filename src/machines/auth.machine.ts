/**
 * Sign-in and session (SPEC.md 2 "Login", 4 "Authentication", 8 "Sign-in"):
 * restoring (the e-mail can be typed already) → signedOut (editing email) → sendingOtp → otpSent
 * (code entry ∥ 60 s resend countdown) → signedIn → signingOut. Started with the stored session's
 * profile (input `cachedAdmin`) it goes straight to signedIn.revalidating, which fetches the
 * profile again behind the console. While signed in, 'admin.update' replaces the admin
 * (Settings); every admin it signs in with or is given is remembered for the next load. I/O lives in the named actors; tests swap them with `.provide()`. Errors show the
 * server message, else 'Failed to send OTP' / 'Failed to verify OTP'.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate'
import { authApi } from '../api/auth'
import { ApiError } from '../api/client'
import { errorText } from '../api/error-text'
import { OTP_LENGTH, OTP_RESEND_SECONDS, type Admin } from '../api/schemas/auth'
import { emailProblem, SESSION_EXPIRED_MESSAGE, type AuthContext, type AuthEvent, type AuthInput } from './auth.types'

export { emailProblem, SESSION_EXPIRED_MESSAGE, type AuthContext, type AuthEvent, type AuthInput } from './auth.types'

export const authMachine = setup({
  // `void`, not `undefined`: xstate then lets an actor be created without input.
  types: { context: {} as AuthContext, events: {} as AuthEvent, input: {} as AuthInput | void },
  actors: {
    restoreSession: fromPromise<Admin | null>(() => authApi.restoreSession()),
    sendOtp: fromPromise<{ sessionToken: string }, { email: string }>(({ input }) => authApi.sendOtp(input.email)),
    verifyOtp: fromPromise<Admin, { email: string; otp: string; sessionToken: string }>(({ input }) =>
      authApi.verifyOtp(input),
    ),
    signOut: fromPromise<void>(() => authApi.signOut()),
    /** Sends 'session.expired' when the API client gives up on refreshing. */
    watchSession: fromCallback<AuthEvent>(({ sendBack }) =>
      authApi.onSessionExpired(() => sendBack({ type: 'session.expired' })),
    ),
  },
  actions: {
    assignEmail: assign({ email: (_, params: { email: string }) => params.email }),
    assignCode: assign({ code: (_, params: { code: string }) => params.code.replace(/\s/g, '').slice(0, OTP_LENGTH) }),
    startCountdown: assign({ resendIn: OTP_RESEND_SECONDS }),
    tickCountdown: assign({ resendIn: ({ context }) => Math.max(0, context.resendIn - 1) }),
    clearOtp: assign({ code: '', sessionToken: null, resendIn: 0, error: null, codeVisible: false }),
    clearError: assign({ error: null, emailError: null }),
    clearSession: assign({ admin: null, code: '', sessionToken: null, resendIn: 0, codeVisible: false }),
    assignEmailError: assign({ emailError: ({ context }) => emailProblem(context.email) }),
    assignSessionToken: assign({
      sessionToken: (_, params: { sessionToken: string }) => params.sessionToken,
      code: '',
    }),
    assignAdmin: assign({ admin: (_, params: { admin: Admin }) => params.admin, error: null }),
    assignError: assign({
      error: (_, params: { error: unknown; fallback: string }) => errorText(params.error, params.fallback),
    }),
    assignExpired: assign({ error: SESSION_EXPIRED_MESSAGE }),
    toggleCodeVisibility: assign({ codeVisible: ({ context }) => !context.codeVisible }),
    /**
     * Keeps the signed-in admin beside the stored tokens, so the next load shows the shell with it
     * before the profile is fetched again (input `cachedAdmin`). Runs wherever the admin changes
     * while signed in: sign-in, the profile check and Settings' 'admin.update' alike.
     */
    rememberAdmin: ({ context }) => {
      if (context.admin) authApi.rememberAdmin(context.admin)
    },
  },
  guards: {
    isEmailValid: ({ context }) => emailProblem(context.email) === null,
    hasSession: (_, params: { admin: Admin | null }) => params.admin !== null,
    hasCachedAdmin: ({ context }) => context.admin !== null,
    isRefused: (_, params: { error: unknown }) =>
      params.error instanceof ApiError && (params.error.status === 401 || params.error.status === 403),
    isCodeComplete: ({ context }) => context.code.length === OTP_LENGTH,
    isCounting: ({ context }) => context.resendIn > 1,
  },
}).createMachine({
  id: 'auth',
  initial: 'starting',
  context: ({ input }) => ({
    email: '',
    code: '',
    sessionToken: null,
    resendIn: 0,
    admin: (input as AuthInput | undefined)?.cachedAdmin ?? null,
    error: null,
    emailError: null,
    codeVisible: false,
  }),
  states: {
    // With the stored session's profile at hand the console shows at once and the profile is
    // fetched again behind it; without, the form waits for the restore.
    starting: {
      always: [{ guard: 'hasCachedAdmin', target: 'signedIn.revalidating' }, { target: 'restoring' }],
    },
    restoring: {
      invoke: {
        src: 'restoreSession',
        id: 'restoreSession',
        onDone: [
          {
            guard: { type: 'hasSession', params: ({ event }) => ({ admin: event.output }) },
            target: 'signedIn',
            actions: { type: 'assignAdmin', params: ({ event }) => ({ admin: event.output! }) },
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut' },
      },
      // The login form is on screen before the restore answers (prerendered): typing counts, and
      // asking for a code gives up the stored session.
      on: {
        'email.change': {
          actions: [{ type: 'assignEmail', params: ({ event }) => ({ email: event.email }) }, 'clearError'],
        },
        'otp.send': [{ guard: 'isEmailValid', target: 'sendingOtp' }, { actions: 'assignEmailError' }],
      },
    },
    signedOut: {
      on: {
        'email.change': {
          actions: [{ type: 'assignEmail', params: ({ event }) => ({ email: event.email }) }, 'clearError'],
        },
        'otp.send': [{ guard: 'isEmailValid', target: 'sendingOtp' }, { actions: 'assignEmailError' }],
      },
    },
    sendingOtp: {
      entry: 'clearError',
      invoke: {
        src: 'sendOtp',
        id: 'sendOtp',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: { target: 'otpSent', actions: { type: 'assignSessionToken', params: ({ event }) => event.output } },
        onError: {
          target: 'signedOut',
          actions: {
            type: 'assignError',
            params: ({ event }) => ({ error: event.error, fallback: 'Failed to send OTP' }),
          },
        },
      },
    },
    otpSent: {
      type: 'parallel',
      entry: 'startCountdown',
      on: {
        'email.back': { target: 'signedOut', actions: 'clearOtp' },
        'code.toggleVisibility': { actions: 'toggleCodeVisibility' },
      },
      states: {
        code: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'code.change': {
                  actions: [{ type: 'assignCode', params: ({ event }) => ({ code: event.code }) }, 'clearError'],
                },
                'otp.verify': { guard: 'isCodeComplete', target: 'verifying' },
              },
            },
            verifying: {
              entry: 'clearError',
              invoke: {
                src: 'verifyOtp',
                id: 'verifyOtp',
                input: ({ context }) => ({
                  email: context.email.trim(),
                  otp: context.code,
                  sessionToken: context.sessionToken ?? '',
                }),
                onDone: {
                  target: '#auth.signedIn',
                  actions: { type: 'assignAdmin', params: ({ event }) => ({ admin: event.output }) },
                },
                onError: {
                  target: 'editing',
                  actions: {
                    type: 'assignError',
                    params: ({ event }) => ({ error: event.error, fallback: 'Failed to verify OTP' }),
                  },
                },
              },
            },
          },
        },
        resend: {
          initial: 'counting',
          states: {
            counting: {
              after: {
                1000: [
                  { guard: 'isCounting', target: 'counting', reenter: true, actions: 'tickCountdown' },
                  { target: 'ready', actions: 'tickCountdown' },
                ],
              },
            },
            ready: { on: { 'otp.resend': 'resending' } },
            resending: {
              entry: 'clearError',
              invoke: {
                src: 'sendOtp',
                id: 'sendOtp',
                input: ({ context }) => ({ email: context.email.trim() }),
                onDone: {
                  target: 'counting',
                  actions: [{ type: 'assignSessionToken', params: ({ event }) => event.output }, 'startCountdown'],
                },
                onError: {
                  target: 'ready',
                  actions: {
                    type: 'assignError',
                    params: ({ event }) => ({ error: event.error, fallback: 'Failed to send OTP' }),
                  },
                },
              },
            },
          },
        },
      },
    },
    signedIn: {
      entry: ['clearOtp', 'rememberAdmin'],
      invoke: { src: 'watchSession', id: 'watchSession' },
      initial: 'current',
      states: {
        current: {},
        revalidating: {
          invoke: {
            src: 'restoreSession',
            id: 'restoreSession',
            onDone: [
              {
                guard: { type: 'hasSession', params: ({ event }) => ({ admin: event.output }) },
                target: 'current',
                actions: [{ type: 'assignAdmin', params: ({ event }) => ({ admin: event.output! }) }, 'rememberAdmin'],
              },
              // The tokens are gone (signed out in another tab meanwhile).
              { target: '#auth.signedOut', actions: 'clearSession' },
            ],
            // A refused session (401 after the API client gave up refreshing, or 403: no longer an
            // active admin) ends it; any other failure (offline, a 5xx) keeps the profile as last answered.
            onError: [
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
                target: '#auth.signedOut',
                actions: 'clearSession',
              },
              { target: 'current' },
            ],
          },
        },
      },
      on: {
        'session.expired': { target: 'signedOut', actions: ['clearSession', 'assignExpired'] },
        'session.signOut': 'signingOut',
        'admin.update': {
          actions: [{ type: 'assignAdmin', params: ({ event }) => ({ admin: event.admin }) }, 'rememberAdmin'],
        },
      },
    },
    signingOut: {
      invoke: {
        src: 'signOut',
        id: 'signOut',
        onDone: { target: 'signedOut', actions: 'clearSession' },
        onError: { target: 'signedOut', actions: 'clearSession' },
      },
    },
  },
})
