/** Signs the bootstrap admin in through the API (send-otp, the code from DATA_DIR/outbox, verify-otp). */
import fs from 'node:fs'
import path from 'node:path'
import type { TokenPair } from '../../src/api/schemas/auth'

async function post<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`)
  return res.json() as Promise<T>
}

/** The 6-digit code of the newest .eml to `email` in `dataDir/outbox`, waiting up to 10 s. */
async function otpFromOutbox(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox')
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const mails = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : []
    const newest = mails.map((f) => path.join(outbox, f)).sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)
    for (const file of newest) {
      const text = fs.readFileSync(file, 'utf8')
      const code = text.toLowerCase().includes(`to: ${email}`) ? text.match(/\b(\d{6})\b/)?.[1] : undefined
      if (code) return code
    }
  }
  throw new Error(`no OTP mail for ${email} in ${outbox}`)
}

/** Access and refresh token of `email` (an active admin) on the console at `baseUrl`. */
export async function signInByApi(baseUrl: string, dataDir: string, email = 'admin@example.com'): Promise<TokenPair> {
  const { sessionToken } = await post<{ sessionToken: string }>(`${baseUrl}/api/auth/send-otp`, { email })
  const otp = await otpFromOutbox(dataDir, email)
  const { tokens } = await post<{ tokens: TokenPair }>(`${baseUrl}/api/auth/verify-otp`, { email, otp, sessionToken })
  return tokens
}
