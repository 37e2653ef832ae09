/**
 * Step-up ("sudo mode", decision 010): runs a sensitive request, and when the server answers 403
 * `step_up_required` asks the admin for a fresh OTP in a dialog, verifies it and retries the request
 * once (a second 403 after a confirmed code fails, never loops). The request comes as the
 * `performAction` actor or with each 'run' (step-up-gate.ts). States: docs/machines/stepUp.mmd.
 */
import { assign, fromPromise, setup } from 'xstate'
import { stepUpApi } from '../api/step-up'
import { STEP_UP_REQUIRED } from '../api/schemas/step-up'

export interface StepUpContext {
  /** The sessionToken of the code sent last (null before a send succeeded). */
  sessionToken: string | null
  /** Why the server asks: its 403 message, naming the sensitive action ('Changing commission needs a fresh confirmation: …'). */
  reason: string | null
  /** What the dialog says about the code ('A confirmation code has been sent to …'). */
  notice: string | null
  /** The last failure's message, shown in the dialog or, after 'failed', to the caller. */
  error: string | null
  /** The request's output once done. */
  result: unknown
  /** The failure itself once 'failed' (the request's error, or the verify/send error). */
  cause: unknown
  /** The request given with 'run', passed to `performAction` as its input. */
  request: StepUpRequest | undefined
  /** The code typed so far (digits only, at most 6). */
  code: string
}

/** A sensitive call to run, and to run again after a confirmed code. */
export type StepUpRequest = () => Promise<unknown>

export type StepUpEvent =
  | { type: 'run'; request?: StepUpRequest }
  | { type: 'code.change'; code: string }
  | { type: 'code.submit'; otp: string }
  | { type: 'code.resend' }
  | { type: 'cancel' }
  | { type: 'dismiss' }

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback

/** A 6-digit code, spaces around it ignored. */
export const isWellFormedCode = (otp: string) => /^\d{6}$/.test(otp.trim())

/** What the code field keeps of typed or pasted text: its digits, 6 at most. */
export const codeDigits = (text: string) => text.replace(/\D/g, '').slice(0, 6)

export const stepUpMachine = setup({
  types: {
    context: {} as StepUpContext,
    events: {} as StepUpEvent,
  },
  actors: {
    performAction: fromPromise<unknown, StepUpRequest | undefined>(({ input }) =>
      input ? input() : Promise.reject(new Error('No request given to the step-up machine')),
    ),
    sendCode: fromPromise<{ sessionToken: string; message: string }>(() => stepUpApi.sendCode()),
    verifyCode: fromPromise<void, { otp: string; sessionToken: string }>(({ input }) => stepUpApi.verifyCode(input)),
  },
  guards: {
    /** The request's failure is the server's 403 `step_up_required` (checked structurally: machines stay free of the client). */
    isStepUpRequired: (_, params: { error: unknown }) =>
      (params.error as { status?: unknown; code?: unknown } | null)?.status === 403 &&
      (params.error as { code?: unknown }).code === STEP_UP_REQUIRED,
    canSubmit: ({ context }, params: { otp: string }) => context.sessionToken !== null && isWellFormedCode(params.otp),
  },
  actions: {
    reset: assign({
      sessionToken: null,
      reason: null,
      notice: null,
      error: null,
      result: null,
      cause: null,
      request: undefined,
      code: '',
    }),
    takeReason: assign({ reason: (_, params: { error: unknown }) => messageOf(params.error, '') || null }),
    takeRequest: assign({ request: (_, params: { request: StepUpRequest | undefined }) => params.request }),
    changeCode: assign({ code: (_, params: { code: string }) => codeDigits(params.code) }),
    fail: assign((_, params: { error: unknown; fallback: string }) => ({
      error: messageOf(params.error, params.fallback),
      cause: params.error,
    })),
    clearError: assign({ error: null }),
    takeCode: assign((_, params: { sessionToken: string; message: string }) => ({
      sessionToken: params.sessionToken,
      notice: params.message,
      error: null,
    })),
    codeSendFailed: assign((_, params: { error: unknown }) => ({
      sessionToken: null,
      notice: null,
      error: messageOf(params.error, 'Could not send the code'),
    })),
    keepResult: assign((_, params: { result: unknown }) => ({
      result: params.result,
      sessionToken: null,
      notice: null,
      error: null,
      code: '',
    })),
  },
}).createMachine({
  id: 'stepUp',
  initial: 'idle',
  context: {
    sessionToken: null,
    reason: null,
    notice: null,
    error: null,
    result: null,
    cause: null,
    request: undefined,
    code: '',
  },
  states: {
    idle: {
      on: {
        run: {
          target: 'running',
          actions: ['reset', { type: 'takeRequest', params: ({ event }) => ({ request: event.request }) }],
        },
      },
    },
    running: {
      invoke: {
        src: 'performAction',
        id: 'performAction',
        input: ({ context }) => context.request,
        onDone: { target: 'done', actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) } },
        onError: [
          {
            guard: { type: 'isStepUpRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'sending',
            actions: { type: 'takeReason', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'fail', params: ({ event }) => ({ error: event.error, fallback: 'Request failed' }) },
          },
        ],
      },
    },
    sending: {
      tags: ['dialog'],
      invoke: {
        src: 'sendCode',
        id: 'sendCode',
        onDone: { target: 'awaitingCode', actions: { type: 'takeCode', params: ({ event }) => event.output } },
        onError: {
          target: 'awaitingCode',
          actions: { type: 'codeSendFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { cancel: { target: 'idle', actions: 'reset' } },
    },
    awaitingCode: {
      tags: ['dialog'],
      on: {
        'code.change': { actions: { type: 'changeCode', params: ({ event }) => ({ code: event.code }) } },
        'code.submit': {
          guard: { type: 'canSubmit', params: ({ event }) => ({ otp: event.otp }) },
          target: 'verifying',
          actions: 'clearError',
        },
        'code.resend': 'sending',
        cancel: { target: 'idle', actions: 'reset' },
      },
    },
    verifying: {
      tags: ['dialog'],
      invoke: {
        src: 'verifyCode',
        id: 'verifyCode',
        input: ({ context, event }) => ({
          otp: event.type === 'code.submit' ? event.otp.trim() : '',
          sessionToken: context.sessionToken ?? '',
        }),
        onDone: 'retrying',
        onError: {
          target: 'awaitingCode',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ error: event.error, fallback: 'Invalid or expired OTP' }),
          },
        },
      },
    },
    retrying: {
      invoke: {
        src: 'performAction',
        id: 'performAction',
        input: ({ context }) => context.request,
        onDone: { target: 'done', actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) } },
        onError: {
          target: 'failed',
          actions: { type: 'fail', params: ({ event }) => ({ error: event.error, fallback: 'Request failed' }) },
        },
      },
    },
    done: {
      on: {
        run: {
          target: 'running',
          actions: ['reset', { type: 'takeRequest', params: ({ event }) => ({ request: event.request }) }],
        },
      },
    },
    failed: {
      on: {
        run: {
          target: 'running',
          actions: ['reset', { type: 'takeRequest', params: ({ event }) => ({ request: event.request }) }],
        },
        dismiss: { target: 'idle', actions: 'reset' },
      },
    },
  },
})
