/**
 * Database rows → the API shapes of SPEC.md 3 (src/api/schemas/projects.ts): paise → rupees,
 * `id` → `_id`, derived `discountedPrice`, owner as `{_id, name, email}`, images in position
 * order as `{url, alt, filePath}`, timestamps as ISO strings.
 */
import type { Project, VerificationEntry } from '../../../src/api/schemas/projects'
import type { projectImages, projects, verificationHistory } from '../../db/schema'
import { paiseToRupees } from '../money'

export type ProjectRow = typeof projects.$inferSelect
export type ImageRow = Pick<typeof projectImages.$inferSelect, 'url' | 'alt' | 'filePath'>
export type UserRef = { id: string; name: string; email: string }

/** Price after a percent discount, in rupees rounded to paise. */
export function discountedPrice(pricePaise: number, discountPercent: number): number {
  return paiseToRupees(Math.round(pricePaise * (1 - discountPercent / 100)))
}

/** One project for the API; `images` already sorted by position. */
export function toApiProject(row: ProjectRow, images: ImageRow[], owner: UserRef | null): Project {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    price: paiseToRupees(row.pricePaise),
    discount: row.discount,
    discountedPrice: discountedPrice(row.pricePaise, row.discount),
    technologies: row.technologies,
    features: row.features,
    tags: row.tags,
    demoUrl: row.demoUrl,
    difficulty: row.difficulty,
    rating: row.rating,
    isActive: row.isActive,
    isDraft: row.isDraft,
    isFeatured: row.isFeatured,
    isInStock: row.isInStock,
    stock: row.stock,
    images: images.map((image) => ({ url: image.url, alt: image.alt, filePath: image.filePath })),
    hasFiles: row.hasFiles,
    totalFileSize: row.totalFileSize,
    projectOwner: owner ? { _id: owner.id, name: owner.name, email: owner.email } : null,
    githubRepo: row.githubRepo ?? null,
    verificationStatus: row.verificationStatus,
    verificationNotes: row.verificationNotes,
    submissionMessage: row.submissionMessage,
    allowsCustomization: row.allowsCustomization,
    customizationPrice: paiseToRupees(row.customizationPricePaise),
    includesInstallationSupport: row.includesInstallationSupport,
    supportDuration: row.supportDuration,
    hasReport: row.hasReport,
    reportPrice: paiseToRupees(row.reportPricePaise),
    salesCount: row.salesCount,
    downloadCount: row.downloadCount,
    viewCount: row.viewCount,
    reviews: row.reviews,
    revenue: paiseToRupees(row.revenuePaise),
    avgRating: row.avgRating,
    conversionRate: row.conversionRate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** One verification history entry; `verifier` null → shown as 'Project Owner'. */
export function toApiVerificationEntry(
  row: typeof verificationHistory.$inferSelect,
  verifier: { name: string; email: string } | null,
): VerificationEntry {
  return {
    _id: row.id,
    status: row.status,
    previousStatus: row.previousStatus,
    notes: row.notes,
    verifiedAt: row.verifiedAt.toISOString(),
    verifiedBy: verifier ? { name: verifier.name, email: verifier.email } : null,
    ...(row.ownerNotice && row.ownerNoticeAt
      ? { ownerNotice: { outcome: row.ownerNotice, at: row.ownerNoticeAt.toISOString() } }
      : {}),
  }
}
