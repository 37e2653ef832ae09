/**
 * The pure OTP limit rules (server/domain/otp-limits.ts, decision 026): the wait a full key names,
 * the ceiling lifted at the owner's address, and tries per code.
 */
import { describe, expect, it } from 'vitest'
import {
  OTP_MAX_ATTEMPTS,
  OTP_SEND_LIMITS,
  otpSendRefusal,
  otpTriesAllowed,
  type OtpSendUsage,
} from '../../../server/domain/otp-limits'

const now = new Date('2026-03-01T10:00:00Z')
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000)
const none: OtpSendUsage = { n: 0, oldest: null }

describe('otpSendRefusal', () => {
  it('allows a send while every key is under its limit', () => {
    expect(
      otpSendRefusal(
        { ip: { n: 19, oldest: ago(1) }, ipEmail: { n: 4, oldest: ago(1) }, email: { n: 29, oldest: ago(1) } },
        now,
      ),
    ).toBeNull()
  })

  it('names the wait until the oldest send of the full key leaves its window', () => {
    expect(otpSendRefusal({ ip: none, ipEmail: { n: 5, oldest: ago(5) }, email: none }, now)).toBe(
      'Too many OTP requests. Please try again in 10 minutes.',
    )
    expect(
      otpSendRefusal({ ip: none, ipEmail: none, email: { n: OTP_SEND_LIMITS.email.max, oldest: ago(59.5) } }, now),
    ).toBe('Too many OTP requests. Please try again in 1 minute.')
    // Several full keys: the send waits for the last of them.
    expect(
      otpSendRefusal({ ip: { n: 20, oldest: ago(14) }, ipEmail: none, email: { n: 30, oldest: ago(20) } }, now),
    ).toBe('Too many OTP requests. Please try again in 40 minutes.')
  })

  it("lifts only the per-e-mail ceiling at the address of the owner's live session", () => {
    const full = { ip: none, ipEmail: none, email: { n: 30, oldest: ago(1) } }
    expect(otpSendRefusal(full, now, true)).toBeNull()
    expect(otpSendRefusal({ ...full, ipEmail: { n: 5, oldest: ago(3) } }, now, true)).toBe(
      'Too many OTP requests. Please try again in 12 minutes.',
    )
  })
})

describe('otpTriesAllowed', () => {
  it("gives a code 5 tries, and 1 once the e-mail's codes were tried 30 times in the hour", () => {
    expect(otpTriesAllowed(0)).toBe(OTP_MAX_ATTEMPTS)
    expect(otpTriesAllowed(29)).toBe(5)
    expect(otpTriesAllowed(30)).toBe(1)
    expect(otpTriesAllowed(500)).toBe(1)
  })
})
