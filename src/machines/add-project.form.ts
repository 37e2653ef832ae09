/**
 * The Add Project form model (SPEC.md 2 "Add Project", 5 "Add Project", 9): the field values as
 * the inputs hold them (text), their defaults, the client-side checks with the exact texts, and
 * the JSON body for POST /api/projects/create and PUT /api/projects/{id}. Money in rupees.
 */
import { DESCRIPTION_MAX, type Difficulty, type Project, type VerificationStatus } from '../api/schemas/projects'
import { coerceNumber, normaliseDemoUrl, splitList } from '../api/schemas/normalise'
import { imageCountError } from './shared/upload-files.rules'

/** Built-in categories (SPEC.md 9); the server's list is merged in and the whole sorted. */
export const BUILT_IN_CATEGORIES = [
  'Web Development',
  'Mobile Development',
  'AI/ML',
  'SaaS',
  'Desktop App',
  'Game Development',
  'Security Tools',
] as const

export interface AddProjectValues {
  title: string
  description: string
  /** Rupees, as typed. */
  price: string
  category: string
  /** Comma-separated. */
  technologies: string
  features: string
  tags: string
  difficulty: Difficulty
  demoUrl: string
  isActive: boolean
  isFeatured: boolean
  allowsCustomization: boolean
  customizationPrice: string
  includesInstallationSupport: boolean
  /** Days. */
  supportDuration: string
  hasReport: boolean
  reportPrice: string
  verificationStatus: VerificationStatus
}

export const DEFAULT_VALUES: AddProjectValues = {
  title: '',
  description: '',
  price: '',
  category: 'Web Development',
  technologies: '',
  features: '',
  tags: '',
  difficulty: 'Intermediate',
  demoUrl: '',
  isActive: true,
  isFeatured: false,
  allowsCustomization: false,
  customizationPrice: '',
  includesInstallationSupport: false,
  supportDuration: '5',
  hasReport: false,
  reportPrice: '',
  verificationStatus: 'pending',
}

/** The JSON body of create/publish: lists split, demo URL normalised, numbers coerced (0 fallback). */
export type ProjectPayload = {
  title: string
  description: string
  price: number
  category: string
  technologies: string[]
  features: string[]
  tags: string[]
  difficulty: Difficulty
  demoUrl: string
  isActive: boolean
  isFeatured: boolean
  allowsCustomization: boolean
  customizationPrice: number
  includesInstallationSupport: boolean
  supportDuration: number
  hasReport: boolean
  reportPrice: number
  verificationStatus: VerificationStatus
  /** True for Upload Files' draft, false to publish it (decision 038); absent for a direct create. */
  isDraft?: boolean
}

const num = (text: string, fallback = 0) => {
  const n = coerceNumber(text, fallback)
  return Number.isFinite(n) ? n : fallback
}

/** Form values → request body (SPEC.md 5 "Add Project"). */
export function toPayload(values: AddProjectValues): ProjectPayload {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    price: num(values.price),
    category: values.category,
    technologies: splitList(values.technologies),
    features: splitList(values.features),
    tags: splitList(values.tags),
    difficulty: values.difficulty,
    demoUrl: normaliseDemoUrl(values.demoUrl),
    isActive: values.isActive,
    isFeatured: values.isFeatured,
    allowsCustomization: values.allowsCustomization,
    customizationPrice: num(values.customizationPrice),
    includesInstallationSupport: values.includesInstallationSupport,
    supportDuration: num(values.supportDuration, 5),
    hasReport: values.hasReport,
    reportPrice: num(values.reportPrice),
    verificationStatus: values.verificationStatus,
  }
}

/** Rupees as a form input holds them: '' for 0. */
const money = (rupees: number) => (rupees > 0 ? String(rupees) : '')

/**
 * A saved draft back into form values (a resumed draft, decision 038). The draft was created
 * pending and active (SPEC.md 4), so those are what come back; the rest is as the user typed it.
 */
export function valuesFromProject(project: Project): AddProjectValues {
  return {
    title: project.title,
    description: project.description,
    price: money(project.price),
    category: project.category,
    technologies: project.technologies.join(', '),
    features: project.features.join(', '),
    tags: project.tags.join(', '),
    difficulty: project.difficulty,
    demoUrl: project.demoUrl,
    isActive: project.isActive,
    isFeatured: project.isFeatured,
    allowsCustomization: project.allowsCustomization,
    customizationPrice: money(project.customizationPrice),
    includesInstallationSupport: project.includesInstallationSupport,
    supportDuration: String(project.supportDuration),
    hasReport: project.hasReport,
    reportPrice: money(project.reportPrice),
    verificationStatus: project.verificationStatus,
  }
}

export type FormErrors = Partial<Record<'title' | 'description' | 'price' | 'images', string>>

/** Checks before Create/Publish; an empty object means the form may be sent. */
export function validateForm(values: AddProjectValues, imageCount: number): FormErrors {
  const errors: FormErrors = {}
  if (!values.title.trim()) errors.title = 'Title is required'
  if (!values.description.trim()) errors.description = 'Description is required'
  else if (values.description.length > DESCRIPTION_MAX) errors.description = 'Description cannot exceed 2000 characters'
  if (num(values.price) < 0) errors.price = 'Price must be at least 0'
  const images = imageCountError(imageCount)
  if (images) errors.images = images
  return errors
}

/** Built-ins plus the server's categories, without duplicates, sorted. */
export function mergeCategories(server: readonly string[]): string[] {
  return [...new Set([...BUILT_IN_CATEGORIES, ...server.filter((c) => c.trim())])].sort((a, b) => a.localeCompare(b))
}

/** Counter text under the description: 'n/2000'. */
export const descriptionCounter = (description: string) => `${description.length}/${DESCRIPTION_MAX}`
