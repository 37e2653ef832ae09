/** Description (title + description, n/2000), Technologies, Features, Tags and Links sections. */
import { DESCRIPTION_MAX } from '../../../../api/schemas/projects'
import { Badge } from '../../../../components/badge'
import { Field, Input, TextArea } from '../../../../components/field'
import { SectionCard } from '../section-card'

export function DescriptionSection() {
  return (
    <SectionCard
      section="description"
      title="Description"
      view={(p) => (
        <>
          <h3 className="detail-section__title">{p.title}</h3>
          <p className="detail-section__text">{p.description}</p>
        </>
      )}
      edit={(d, change) => {
        const description = String(d.description ?? '')
        return (
          <div className="form-stack">
            <Field label="Title">
              {(id) => (
                <Input id={id} value={String(d.title ?? '')} onChange={(e) => change({ title: e.target.value })} />
              )}
            </Field>
            <Field
              label="Description"
              hint={`${description.length}/${DESCRIPTION_MAX}`}
              error={description.length > DESCRIPTION_MAX ? 'Description cannot exceed 2000 characters' : undefined}
            >
              {(id) => (
                <TextArea
                  id={id}
                  rows={6}
                  maxLength={DESCRIPTION_MAX}
                  value={description}
                  onChange={(e) => change({ description: e.target.value })}
                />
              )}
            </Field>
          </div>
        )
      }}
    />
  )
}

function Chips({ items, empty }: { items: string[]; empty: string }) {
  if (items.length === 0) return <p className="faint">{empty}</p>
  return (
    <div className="chips">
      {items.map((item) => (
        <Badge key={item}>{item}</Badge>
      ))}
    </div>
  )
}

/** Technologies, Features or Tags: chips to read, a comma-separated field to edit. */
export function ListSection({ field, title }: { field: 'technologies' | 'features' | 'tags'; title: string }) {
  return (
    <SectionCard
      section={field}
      title={title}
      view={(p) => <Chips items={p[field]} empty={`No ${title.toLowerCase()} yet`} />}
      edit={(d, change) => (
        <Field label={`${title} (comma-separated)`}>
          {(id) => (
            <Input id={id} value={String(d[field] ?? '')} onChange={(e) => change({ [field]: e.target.value })} />
          )}
        </Field>
      )}
    />
  )
}

export function LinksSection() {
  return (
    <SectionCard
      section="links"
      title="Links"
      view={(p) =>
        p.demoUrl ? (
          <a className="detail-link" href={p.demoUrl} target="_blank" rel="noreferrer">
            {p.demoUrl}
          </a>
        ) : (
          <p className="faint">No demo URL</p>
        )
      }
      edit={(d, change) => (
        <Field label="Demo URL" hint="https:// is added when no scheme is given">
          {(id) => (
            <Input
              id={id}
              value={String(d.demoUrl ?? '')}
              placeholder="example.com"
              onChange={(e) => change({ demoUrl: e.target.value })}
            />
          )}
        </Field>
      )}
    />
  )
}
