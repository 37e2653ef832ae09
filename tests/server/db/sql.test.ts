/** SQL helpers (server/db/sql.ts). */
import { describe, expect, it } from 'vitest'
import { escapeLike } from '../../../server/db/sql'

describe('escapeLike', () => {
  it('escapes LIKE wildcards', () => expect(escapeLike('a%b_c\\')).toBe('a\\%b\\_c\\\\'))
})
