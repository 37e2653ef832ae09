/**
 * Bank details at rest: the account number inside users.bank_details is stored
 * encrypted (data-encryption.ts, bound to its user's id); the other fields (holder, bank, branch,
 * IFSC, UPI id) stay plain, as the screens show them whole. The data layer seals on write and
 * opens on read, so the API answers plain values as before.
 */
import type { KeyObject } from 'node:crypto'
import type { BankDetails } from '../db/schema'
import { decryptField, encryptField, isEncrypted } from './data-encryption'

/** The additional authenticated data of `userId`'s account number. */
export const accountNumberContext = (userId: string) => `users.bank_details.accountNumber:${userId}`

/** `details` with its account number encrypted for `userId` (already encrypted values are kept). */
export function sealBankDetails(key: KeyObject, userId: string, details: BankDetails): BankDetails {
  const { accountNumber } = details
  if (!accountNumber || isEncrypted(accountNumber)) return details
  return { ...details, accountNumber: encryptField(key, accountNumber, accountNumberContext(userId)) }
}

/**
 * `stored` with its account number decrypted. A plain number written before encryption existed
 * is returned as it is (the start-up step encrypts those). Throws DataDecryptionError.
 */
export function openBankDetails(key: KeyObject, userId: string, stored: BankDetails): BankDetails {
  const { accountNumber } = stored
  if (!accountNumber || !isEncrypted(accountNumber)) return stored
  return {
    ...stored,
    accountNumber: decryptField(
      key,
      accountNumber,
      accountNumberContext(userId),
      `the bank account number of user ${userId}`,
    ),
  }
}

/** An account number for logs and the audit log: its last 4 digits only ('••••9012'). */
export function maskAccountNumber(accountNumber: string | undefined): string | undefined {
  return accountNumber === undefined ? undefined : `••••${accountNumber.slice(-4)}`
}
