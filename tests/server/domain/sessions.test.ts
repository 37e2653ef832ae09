/** server/domain/sessions.ts: the device from a User-Agent (bowser) and the sessions list order. */
import { describe, expect, it } from 'vitest'
import { describeDevice, toSessions } from '../../../server/domain/sessions'

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131 on Linux',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'Safari 17 on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
      'Microsoft Edge 130 on Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome 131 on Android',
    ],
    ['', 'Unknown browser'],
    ['   ', 'Unknown browser'],
    ['curl/8.5.0', 'Unknown browser'],
  ])('%s → %s', (ua, device) => {
    expect(describeDevice(ua)).toBe(device)
  })
})

describe('toSessions', () => {
  const row = (familyId: string, minutes: number) => ({
    familyId,
    userAgent: '',
    ip: '10.0.0.1',
    signedInAt: new Date(Date.UTC(2026, 10, 1, 10)),
    lastUsedAt: new Date(Date.UTC(2026, 10, 1, 10, minutes)),
  })
  it('puts the current session first and keeps the rest in the given (last use) order', () => {
    const list = toSessions([row('a', 30), row('b', 20), row('c', 10)], 'b')
    expect(list.map((s) => [s._id, s.current])).toEqual([
      ['b', true],
      ['a', false],
      ['c', false],
    ])
    expect(list[0]).toMatchObject({
      signedInAt: '2026-11-01T10:00:00.000Z',
      lastUsedAt: '2026-11-01T10:20:00.000Z',
      ip: '10.0.0.1',
    })
  })
  it('marks none current without a sid', () => {
    expect(toSessions([row('a', 1)], null).map((s) => s.current)).toEqual([false])
  })
})
