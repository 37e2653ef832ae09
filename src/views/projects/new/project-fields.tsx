/** The project's own fields of Add Project (SPEC.md 2, 5): title, description with its n/2000 counter, price, category, lists, difficulty, demo URL, flags. */
import { Field, Input, TextArea } from '../../../components/field'
import { CommandSelect } from '../../../commands/command-select'
import { formOptions } from '../../../commands/add-project.commands'
import { DESCRIPTION_MAX, DIFFICULTIES } from '../../../api/schemas/projects'
import { descriptionCounter, type AddProjectValues, type FormErrors } from '../../../machines/add-project.form'
import { CommandCheckbox } from '../../../commands/command-checkbox'

export interface FieldsProps {
  values: AddProjectValues
  errors: FormErrors
  change: (patch: Partial<AddProjectValues>) => void
}

export function ProjectFields({ values, errors, change, categories }: FieldsProps & { categories: readonly string[] }) {
  const text = (key: keyof AddProjectValues) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    change({ [key]: e.target.value })
  return (
    <div className="add-project__grid">
      <div className="add-project__wide">
        <Field label="Title" error={errors.title}>
          {(id) => <Input id={id} value={values.title} onChange={text('title')} invalid={!!errors.title} required />}
        </Field>
      </div>
      <div className="add-project__wide">
        <Field label="Description" error={errors.description} hint={descriptionCounter(values.description)}>
          {(id) => (
            <TextArea
              id={id}
              rows={5}
              value={values.description}
              maxLength={DESCRIPTION_MAX}
              onChange={text('description')}
              aria-invalid={!!errors.description || undefined}
              required
            />
          )}
        </Field>
      </div>
      <Field label="Price (₹)" error={errors.price}>
        {(id) => <Input id={id} type="number" min={0} step="0.01" value={values.price} onChange={text('price')} />}
      </Field>
      <Field label="Category">
        {(id) => <CommandSelect id={id} aria-label="Category" options={formOptions('category', categories)} />}
      </Field>
      <Field label="Technologies" hint="Comma-separated, e.g. React, Node.js">
        {(id) => <Input id={id} value={values.technologies} onChange={text('technologies')} />}
      </Field>
      <Field label="Features" hint="Comma-separated">
        {(id) => <Input id={id} value={values.features} onChange={text('features')} />}
      </Field>
      <Field label="Tags" hint="Comma-separated">
        {(id) => <Input id={id} value={values.tags} onChange={text('tags')} />}
      </Field>
      <Field label="Difficulty">
        {(id) => <CommandSelect id={id} aria-label="Difficulty" options={formOptions('difficulty', DIFFICULTIES)} />}
      </Field>
      <Field label="Demo URL" hint="https:// is added when no scheme is given">
        {(id) => <Input id={id} value={values.demoUrl} onChange={text('demoUrl')} placeholder="demo.example.com" />}
      </Field>
      <div className="add-project__checks">
        <CommandCheckbox id="projects.new.toggleActive" labelled />
        <CommandCheckbox id="projects.new.toggleFeatured" labelled />
      </div>
    </div>
  )
}
