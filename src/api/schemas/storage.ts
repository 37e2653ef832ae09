/**
 * Project image contract (SPEC.md 5 "Add Project" images, 7 "Source and image storage", 9
 * "Images 1 to 5 per project; jpeg, png or webp"). Upload is multipart (field `images`); delete
 * takes ?index or ?url (or a JSON {index}); reorder takes {newOrder}, a permutation of the
 * current indexes. Sizes are bytes.
 */
import * as v from 'valibot'
import { noControlChars } from './common'
import { fileParts, unknownFieldMessage } from './multipart'

export const IMAGE_LIMITS = {
  perProject: 5,
  /** 10 MB per image. */
  fileBytes: 10 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp'],
} as const

/** The multipart upload body: `images`, one or more file parts. */
export const ImageUploadBodySchema = v.pipe(
  v.strictObject({ images: v.optional(v.unknown()) }, unknownFieldMessage),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const images = fileParts(dataset.value.images)
    if (!images) addIssue({ message: 'images must be file parts' })
    else if (images.length === 0) addIssue({ message: 'Please select at least 1 image to upload' })
    else return { images }
    return NEVER
  }),
)

export const ImageSchema = v.object({ url: v.string(), alt: v.string(), filePath: v.string() })
export const ImagesResponseSchema = v.object({ success: v.literal(true), images: v.array(ImageSchema) })

const index = v.pipe(
  v.union(
    [v.number(), v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'index must be a whole number'))],
    'index must be a number',
  ),
  v.transform(Number),
  v.integer('index must be a whole number'),
  v.minValue(0, 'index must be at least 0'),
  v.maxValue(999_999, 'index is too large'),
)

/** DELETE query: ?index=2 or ?url=/files/images/... */
export const DeleteImageQuerySchema = v.object({
  index: v.optional(index),
  url: v.optional(v.pipe(v.string(), v.maxLength(2048, 'url is too long'), noControlChars('url'))),
})
/** DELETE JSON body of the other client: {index}. */
export const DeleteImageBodySchema = v.strictObject({ index }, (issue) =>
  issue.expected === 'never' ? `Unknown field: ${v.getDotPath(issue) ?? ''}` : 'index is required',
)

export const ReorderImagesSchema = v.strictObject(
  {
    newOrder: v.pipe(
      v.array(
        v.pipe(v.number('newOrder must list image indexes'), v.integer('newOrder must list image indexes')),
        'newOrder is required',
      ),
      v.maxLength(IMAGE_LIMITS.perProject, `newOrder lists at most ${IMAGE_LIMITS.perProject} images`),
    ),
  },
  (issue) => (issue.expected === 'never' ? `Unknown field: ${v.getDotPath(issue) ?? ''}` : 'newOrder is required'),
)
