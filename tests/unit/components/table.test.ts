import { describe, expect, it } from 'vitest'
import { columnsMinWidth } from '../../../src/components/table'
import { AUDIT_COLUMNS } from '../../../src/views/audit/audit-table'
import { CONTACT_COLUMNS } from '../../../src/views/contacts/list/contacts-table'
import { ORDER_COLUMNS } from '../../../src/views/orders/list/orders-table'
import { PAYMENT_COLUMNS } from '../../../src/views/payments/list/payments-table'
import { PROJECT_COLUMNS } from '../../../src/views/projects/list/projects-table'
import { USER_COLUMNS } from '../../../src/views/users/list/users-table'

describe('Table: the minimum width of its columns (--table-min-width)', () => {
  it('sums fixed px tracks and the minimums of minmax tracks; fr and auto count nothing', () => {
    expect(columnsMinWidth('32px 2fr 1fr 120px')).toBe(152)
    expect(columnsMinWidth('minmax(148px, 3fr) minmax( 96px , 1.2fr) auto 1fr')).toBe(244)
    expect(columnsMinWidth('')).toBe(0)
  })

  it('gives each list the width its column comments state', () => {
    expect(columnsMinWidth(PROJECT_COLUMNS)).toBe(978)
    expect(columnsMinWidth(USER_COLUMNS)).toBe(700)
    expect(columnsMinWidth(ORDER_COLUMNS)).toBe(980)
    expect(columnsMinWidth(PAYMENT_COLUMNS)).toBe(982)
    expect(columnsMinWidth(AUDIT_COLUMNS)).toBe(936)
    expect(columnsMinWidth(CONTACT_COLUMNS)).toBe(980)
  })
})
