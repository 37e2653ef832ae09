/** The search text of a project (server/domain/projects/search-text.ts), as the database trigger builds it. */
import { describe, expect, it } from 'vitest'
import { projectSearchText } from '../../../../server/domain/projects/search-text'

describe('projectSearchText', () => {
  it('builds the same search text as the database trigger', () => {
    expect(projectSearchText({ title: 'Chat Bot', description: 'NLP', technologies: ['Py', 'TS'], tags: [] }))
      .toBe('chat bot nlp py ts ')
  })
})
