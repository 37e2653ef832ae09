/**
 * Demo cover images: for the newest `limit` projects without images, one to
 * three generated WebP covers of 480×300 px (~3-8 kB each): a diagonal gradient in a palette per
 * category with a mock application window on it, drawn as SVG and encoded by sharp, so the demo
 * looks like a marketplace and the image paths (list thumbnails, gallery, reorder) have data.
 * Files go to blob storage under images/{projectId}/ exactly as uploads do; rows to project_images.
 * Deterministic for a seed number. Only the file system and the database are touched.
 */
import { desc, eq, notExists, sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { ObjectStorage } from '../../services/storage/object-storage'
import type { Db } from '../client'
import { qualified } from '../sql'
import { projectImages, projects } from '../schema'
import { createRng, type Rng } from './random'

/** Gradient pairs; a project's category picks one, so a category reads as a colour. */
const PALETTES: [string, string][] = [
  ['#4f46e5', '#0ea5e9'],
  ['#0f766e', '#22c55e'],
  ['#9333ea', '#ec4899'],
  ['#ea580c', '#facc15'],
  ['#1d4ed8', '#14b8a6'],
  ['#be123c', '#f97316'],
  ['#334155', '#64748b'],
  ['#15803d', '#84cc16'],
  ['#7c3aed', '#2563eb'],
  ['#0369a1', '#a855f7'],
]
const WIDTH = 480
const HEIGHT = 300

function hash(text: string): number {
  let h = 0
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0
  return h
}

/** The SVG of one cover: gradient, soft circles, and a window with a sidebar, cards and lines. */
export function coverSvg(rng: Rng, palette: [string, string]): string {
  const circles = Array.from(
    { length: 3 },
    () =>
      `<circle cx="${rng.int(0, WIDTH)}" cy="${rng.int(0, HEIGHT)}" r="${rng.int(40, 140)}" fill="#fff" fill-opacity="0.12"/>`,
  ).join('')
  const x = rng.int(40, 70)
  const y = rng.int(36, 56)
  const w = WIDTH - 2 * x
  const h = HEIGHT - y - 24
  const sidebar = rng.chance(0.6) ? 88 : 0
  const bars = Array.from(
    { length: 4 },
    (_, i) =>
      `<rect x="${x + sidebar + 20}" y="${y + 92 + i * 22}" width="${rng.int(80, w - sidebar - 60)}" height="9" rx="4" fill="#cbd5e1"/>`,
  ).join('')
  const cards = Array.from({ length: 3 }, (_, i) => {
    const cw = (w - sidebar - 60) / 3
    return `<rect x="${x + sidebar + 20 + i * (cw + 10)}" y="${y + 40}" width="${cw}" height="38" rx="6" fill="${i === 0 ? palette[0] : '#e2e8f0'}" fill-opacity="${i === 0 ? 0.85 : 1}"/>`
  }).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>${circles}
<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="#f8fafc"/>
<rect x="${x}" y="${y}" width="${w}" height="24" rx="10" fill="#e2e8f0"/><rect x="${x}" y="${y + 14}" width="${w}" height="10" fill="#e2e8f0"/>
<circle cx="${x + 14}" cy="${y + 12}" r="4" fill="#f87171"/><circle cx="${x + 28}" cy="${y + 12}" r="4" fill="#fbbf24"/><circle cx="${x + 42}" cy="${y + 12}" r="4" fill="#34d399"/>
${sidebar ? `<rect x="${x}" y="${y + 24}" width="${sidebar}" height="${h - 24}" fill="#e2e8f0" fill-opacity="0.6"/>` : ''}
${cards}${bars}</svg>`
}

/**
 * Give each of the newest `limit` projects that has no images one to three covers. Returns how
 * many images were written (0 when run again) into `blobs` (the app's object storage). Blob writes are atomic; a failed run leaves rows only for files written.
 */
export async function seedDemoImages(
  db: Db,
  blobs: ObjectStorage,
  opts: { seed?: number; limit?: number } = {},
): Promise<number> {
  const rng = createRng((opts.seed ?? 20_26) + 7)
  const newest = await db
    .select({
      id: projects.id,
      title: projects.title,
      category: projects.category,
      bare: notExists(
        db
          .select({ one: sql`1` })
          .from(projectImages)
          .where(eq(projectImages.projectId, qualified(projects.id))),
      ),
    })
    .from(projects)
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(opts.limit ?? 400)
  const targets = newest.filter((p) => p.bare)
  const jobs = targets.flatMap((p) => {
    const palette = PALETTES[hash(p.category) % PALETTES.length]
    return Array.from({ length: rng.int(1, 3) }, (_, position) => ({
      projectId: p.id,
      position,
      alt: position === 0 ? p.title : `${p.title} screenshot ${position + 1}`,
      svg: coverSvg(rng, position === 0 ? palette : PALETTES[rng.int(0, PALETTES.length - 1)]),
      key: `images/${p.id}/${rng.uuid(new Date(0)).replace(/-/g, '').slice(-24)}.webp`,
    }))
  })
  let written = 0
  for (let start = 0; start < jobs.length; start += 16) {
    const batch = jobs.slice(start, start + 16)
    const files = await Promise.all(
      batch.map(async (job) => {
        const data = await sharp(Buffer.from(job.svg)).webp({ quality: 78 }).toBuffer()
        await blobs.put(job.key, data, { contentType: 'image/webp' })
        return { job, size: data.length }
      }),
    )
    await db.insert(projectImages).values(
      files.map(({ job, size }) => ({
        projectId: job.projectId,
        position: job.position,
        filePath: job.key,
        url: `/files/${job.key}`,
        alt: job.alt,
        contentType: 'image/webp',
        size,
      })),
    )
    written += files.length
  }
  return written
}
