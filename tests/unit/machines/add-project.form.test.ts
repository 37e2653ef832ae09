import { describe, expect, it } from 'vitest'
import {
  DEFAULT_VALUES,
  descriptionCounter,
  mergeCategories,
  toPayload,
  validateForm,
} from '../../../src/machines/add-project.form'

describe('Add Project form model', () => {
  it('defaults: Web Development, Intermediate, active, support 5 days, pending', () => {
    expect(DEFAULT_VALUES).toMatchObject({
      category: 'Web Development',
      difficulty: 'Intermediate',
      isActive: true,
      supportDuration: '5',
      verificationStatus: 'pending',
    })
  })

  it('splits lists, prepends https://, coerces numbers with 0 as the fallback', () => {
    const body = toPayload({
      ...DEFAULT_VALUES,
      title: ' Shop ',
      description: 'd',
      price: '',
      tags: 'a, ,b ,',
      technologies: 'React,Node',
      demoUrl: 'demo.example.com',
      customizationPrice: 'abc',
      supportDuration: '',
    })
    expect(body).toMatchObject({
      title: 'Shop',
      price: 0,
      tags: ['a', 'b'],
      technologies: ['React', 'Node'],
      features: [],
      demoUrl: 'https://demo.example.com',
      customizationPrice: 0,
      supportDuration: 5,
    })
    expect(toPayload({ ...DEFAULT_VALUES, demoUrl: 'http://x.io' }).demoUrl).toBe('http://x.io')
    expect(toPayload(DEFAULT_VALUES).demoUrl).toBe('')
  })

  it('validates title, description (max 2000), price and 1 to 5 images with the exact texts', () => {
    expect(validateForm(DEFAULT_VALUES, 0)).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      images: 'Please select at least 1 image (max 5).',
    })
    expect(validateForm({ ...DEFAULT_VALUES, title: 't', description: 'x'.repeat(2001), price: '-1' }, 6)).toEqual({
      description: 'Description cannot exceed 2000 characters',
      price: 'Price must be at least 0',
      images: 'Maximum 5 images allowed.',
    })
    expect(validateForm({ ...DEFAULT_VALUES, title: 't', description: 'd' }, 1)).toEqual({})
    expect(descriptionCounter('abc')).toBe('3/2000')
  })

  it('merges server categories into the built-ins, sorted, without duplicates', () => {
    expect(mergeCategories(['SaaS', 'Blockchain', ' '])).toEqual([
      'AI/ML',
      'Blockchain',
      'Desktop App',
      'Game Development',
      'Mobile Development',
      'SaaS',
      'Security Tools',
      'Web Development',
    ])
  })
})
