/**
 * Per-section form rules of the project detail page (SPEC.md 2, 5 "Add Project", 7 PUT): the
 * draft a section starts from (the loaded values as form text) and the partial PUT body its Save
 * sends. Lists are comma-separated, trimmed, blanks dropped; a demo URL without a scheme gets
 * https://; numbers are coerced with 0 as fallback; a cleared stock becomes null. Money in rupees.
 */
import { DESCRIPTION_MAX, type Project } from '../api/schemas/projects'
import type { SectionDraft } from './project-sections.machine'
import { coerceNumber, normaliseDemoUrl, splitList } from '../api/schemas/normalise'
import { mergeEdits, type EditsMerge } from '../domain/merge-edits'

export type SectionId =
  'description' | 'technologies' | 'features' | 'tags' | 'links' | 'status' | 'owner' | 'support' | 'details'

const str = (d: SectionDraft, key: string) => String(d[key] ?? '')
const bool = (d: SectionDraft, key: string) => d[key] === true
const num = (d: SectionDraft, key: string) => {
  const n = coerceNumber(str(d, key))
  return Number.isFinite(n) ? n : 0
}

/** The draft a section's edit mode starts from. */
export function initialDraft(section: SectionId, p: Project): SectionDraft {
  switch (section) {
    case 'description':
      return { title: p.title, description: p.description }
    case 'technologies':
      return { technologies: p.technologies.join(', ') }
    case 'features':
      return { features: p.features.join(', ') }
    case 'tags':
      return { tags: p.tags.join(', ') }
    case 'links':
      return { demoUrl: p.demoUrl }
    case 'status':
      return {
        isActive: p.isActive,
        isFeatured: p.isFeatured,
        isInStock: p.isInStock,
        stock: p.stock === null ? '' : String(p.stock),
      }
    case 'owner':
      return {
        projectOwner: p.projectOwner?._id ?? '',
        ownerLabel: p.projectOwner ? `${p.projectOwner.name} (${p.projectOwner.email})` : '',
      }
    case 'support':
      return {
        allowsCustomization: p.allowsCustomization,
        customizationPrice: String(p.customizationPrice),
        includesInstallationSupport: p.includesInstallationSupport,
        supportDuration: String(p.supportDuration),
        hasReport: p.hasReport,
        reportPrice: String(p.reportPrice),
      }
    case 'details':
      return {
        category: p.category,
        difficulty: p.difficulty,
        price: String(p.price),
        discount: String(p.discount),
        rating: String(p.rating),
      }
  }
}

/** The partial PUT body of a section's Save. */
export function sectionBody(section: SectionId, d: SectionDraft): Record<string, unknown> {
  switch (section) {
    case 'description':
      return { title: str(d, 'title').trim(), description: str(d, 'description').trim() }
    case 'technologies':
    case 'features':
    case 'tags':
      return { [section]: splitList(str(d, section)) }
    case 'links':
      return { demoUrl: normaliseDemoUrl(str(d, 'demoUrl')) }
    case 'status': {
      const stock = str(d, 'stock').trim()
      return {
        isActive: bool(d, 'isActive'),
        isFeatured: bool(d, 'isFeatured'),
        isInStock: bool(d, 'isInStock'),
        stock: stock === '' ? null : num(d, 'stock'),
      }
    }
    case 'owner':
      return { projectOwner: str(d, 'projectOwner') || null }
    case 'support':
      return {
        allowsCustomization: bool(d, 'allowsCustomization'),
        customizationPrice: num(d, 'customizationPrice'),
        includesInstallationSupport: bool(d, 'includesInstallationSupport'),
        supportDuration: num(d, 'supportDuration'),
        hasReport: bool(d, 'hasReport'),
        reportPrice: num(d, 'reportPrice'),
      }
    case 'details':
      return {
        category: str(d, 'category').trim(),
        difficulty: str(d, 'difficulty'),
        price: num(d, 'price'),
        discount: num(d, 'discount'),
        rating: num(d, 'rating'),
      }
  }
}

/** A client-side rule the draft breaks (SPEC.md 5), or null; the server checks the rest. */
export function sectionInvalid(section: SectionId, d: SectionDraft): string | null {
  if (section === 'description') {
    if (!str(d, 'title').trim()) return 'Title is required'
    if (!str(d, 'description').trim()) return 'Description is required'
    if (str(d, 'description').length > DESCRIPTION_MAX) return 'Description cannot exceed 2000 characters'
  }
  if (section === 'details') {
    const rating = num(d, 'rating')
    if (rating < 0 || rating > 5) return 'Rating must be between 0 and 5'
    if (num(d, 'price') < 0) return 'Price must be at least 0'
  }
  return null
}

/** The label of a section's form field, as the conflict bar and the merge notice name it. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  title: 'Title',
  description: 'Description',
  technologies: 'Technologies',
  features: 'Features',
  tags: 'Tags',
  demoUrl: 'Demo URL',
  isActive: 'Active',
  isFeatured: 'Featured',
  isInStock: 'In stock',
  stock: 'Stock',
  projectOwner: 'Owner',
  allowsCustomization: 'Allows customization',
  customizationPrice: 'Customization price',
  includesInstallationSupport: 'Includes installation support',
  supportDuration: 'Support duration',
  hasReport: 'Has report',
  reportPrice: 'Report price',
  category: 'Category',
  difficulty: 'Difficulty',
  price: 'Price',
  discount: 'Discount',
  rating: 'Rating',
}

/** Form fields in rupees (shown as INR in the conflict bar). */
export const MONEY_FIELDS: ReadonlySet<string> = new Set(['price', 'customizationPrice', 'reportPrice'])

/**
 * The three-way merge of a section's form (src/domain/merge-edits.ts) between the project as
 * loaded (`base`), as it is now (`theirs`) and the form (`mine`). The owner's label is not a field
 * of its own: `draftOf` derives it from the owner the merge keeps.
 */
export function mergeSection(section: SectionId, base: Project, theirs: Project, mine: SectionDraft): EditsMerge {
  const withoutLabel = ({ ownerLabel: _, ...fields }: SectionDraft) => fields
  return mergeEdits(
    withoutLabel(initialDraft(section, base)),
    withoutLabel(initialDraft(section, theirs)),
    withoutLabel(mine),
  )
}

/** The form of merged `values`: the owner's label is theirs when the owner is theirs, else the form's. */
export function draftOf(values: Record<string, unknown>, theirs: Project, mine: SectionDraft): SectionDraft {
  const draft = values as SectionDraft
  if (!('projectOwner' in draft)) return draft
  const theirsOwner = initialDraft('owner', theirs)
  return {
    ...draft,
    ownerLabel: draft.projectOwner === theirsOwner.projectOwner ? theirsOwner.ownerLabel : mine.ownerLabel,
  }
}
