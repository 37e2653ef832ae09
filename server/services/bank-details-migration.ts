/**
 * The start-up step of bank-details encryption, run by main.ts after migrations: check
 * that the data key opens what is stored (a wrong DATA_ENCRYPTION_KEY stops the server with a
 * clear message instead of failing later per request), then encrypt the account numbers still in
 * plain text (rows written before encryption at rest). Idempotent and cheap when there is nothing to do.
 */
import type { KeyObject } from 'node:crypto'
import type { Db } from '../db/client'
import { encryptPlainAccountNumbers, sampleEncryptedBankDetails } from '../db/queries/users.queries'
import { openBankDetails } from './bank-details-crypto'
import { DataDecryptionError } from './data-encryption'

/** Check `key` against a stored value, then encrypt plain account numbers; returns how many. Throws a readable Error. */
export async function encryptBankDetailsAtStart(db: Db, key: KeyObject): Promise<number> {
  const sample = await sampleEncryptedBankDetails(db)
  if (sample) {
    try {
      openBankDetails(key, sample.id, sample.bankDetails)
    } catch (error) {
      if (!(error instanceof DataDecryptionError)) throw error
      throw new Error(
        'The data key does not open the bank details stored in this database: start with the ' +
          'DATA_ENCRYPTION_KEY (or DATA_DIR/data-key) they were encrypted with.',
      )
    }
  }
  return encryptPlainAccountNumbers(db, key)
}
