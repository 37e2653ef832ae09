/**
 * Settings → Reason templates: the admin's saved notes for verification decisions,
 * offered by number in triage's notes step. j/k move the focus, N adds, E or Enter edits, # deletes,
 * Shift+K / Shift+J reorder; every change is saved at once (PUT /api/admin/preferences). The flow
 * is reasonTemplatesMachine's; commands: reason-templates.commands.ts.
 */
import { useEffect, useMemo } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { Plus } from 'lucide-react'
import { setPreferences, usePreferences } from '../../../api/preferences'
import { REASON_TEMPLATE_VARIABLES, TEMPLATE_DECISIONS } from '../../../api/schemas/preferences'
import { CommandButton } from '../../../commands/command-button'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import type { ReasonTemplatesHandle } from '../../../commands/reason-templates.commands'
import { usePublishCommandContext } from '../../../commands/use-command-context'
import { Badge } from '../../../components/badge'
import { Field, Input, TextArea } from '../../../components/field'
import { EmptyState } from '../../../components/states'
import { Table, TableBody, TableCell, TableHeadCell, TableHeader, TableRow } from '../../../components/table'
import { toast } from '../../../components/toast'
import { actorOptions } from '../../../machines/shared/inspect'
import { reasonTemplatesMachine, templateError } from '../../../machines/reason-templates.machine'
import { statusTitle } from '../../../lib/status-title'

const COLUMNS = '40px minmax(160px, 1fr) minmax(240px, 3fr) minmax(160px, 1fr)'

export function ReasonTemplatesTab() {
  const preferences = usePreferences()
  const queryClient = useQueryClient()
  const actor = useActorRef(reasonTemplatesMachine, actorOptions())
  const templates = useSelector(actor, (s) => s.context.templates)
  const focus = useSelector(actor, (s) => s.context.focus)
  const form = useSelector(actor, (s) => s.context.form)
  const error = useSelector(actor, (s) => s.context.error)
  const busy = useSelector(actor, (s) => s.matches('saving'))

  useEffect(() => {
    actor.send({ type: 'templates.loaded', templates: preferences.reasonTemplates })
  }, [actor, preferences.reasonTemplates])
  useEffect(() => {
    const sub = actor.on('templates.saved', (e) => {
      toast.success(e.text)
      setPreferences(queryClient, { ...preferences, reasonTemplates: e.templates })
    })
    return () => sub.unsubscribe()
  }, [actor, queryClient, preferences])

  const handle = useMemo<ReasonTemplatesHandle>(
    () => ({
      actor,
      editing: !!form,
      busy,
      count: templates.length,
      focus,
      decisions: form?.template.decisions ?? [],
      formError: form ? templateError(form.template) : null,
    }),
    [actor, form, busy, templates.length, focus],
  )
  usePublishCommandContext(useMemo(() => ({ reasonTemplates: handle }), [handle]))

  return (
    <div className="settings-templates" data-testid="reason-templates-tab">
      <div className="settings-sessions__bar">
        <p className="muted">
          Notes offered by number (1-9) when a decision needs them, in this order. Variables:{' '}
          {REASON_TEMPLATE_VARIABLES.join(', ')}. J/K to move, N new, E edit, # delete, Shift+K / Shift+J to reorder.
        </p>
        <CommandButton id="settings.templates.add" icon={<Plus size={14} />} showShortcut />
      </div>
      {error && !form ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {form ? (
        <section
          className="card settings-templates__form"
          aria-label={form.isNew ? 'New template' : 'Edit template'}
          data-testid="template-form"
        >
          <div className="card__body settings-templates__fields">
            <Field label="Name">
              {(id) => (
                <Input
                  id={id}
                  value={form.template.label}
                  autoFocus
                  data-testid="template-label"
                  onChange={(e) => actor.send({ type: 'form.change', field: 'label', value: e.target.value })}
                />
              )}
            </Field>
            <Field label="Text" hint="{title}, {owner} and {category} are filled in from the project.">
              {(id) => (
                <TextArea
                  id={id}
                  rows={4}
                  value={form.template.text}
                  data-testid="template-text"
                  onChange={(e) => actor.send({ type: 'form.change', field: 'text', value: e.target.value })}
                />
              )}
            </Field>
            <fieldset className="settings-templates__decisions">
              <legend className="field__label">Offered for</legend>
              {TEMPLATE_DECISIONS.map((d) => (
                <CommandCheckbox key={d} id={`settings.templates.decision.${d}`} labelled />
              ))}
            </fieldset>
            {error ? (
              <p className="field__error" role="alert">
                {error}
              </p>
            ) : null}
            <div className="settings-templates__actions">
              <CommandButton id="settings.templates.save" variant="primary" loading={busy} showShortcut />
              <CommandButton id="settings.templates.cancel" variant="ghost" showShortcut />
            </div>
          </div>
        </section>
      ) : null}
      {templates.length === 0 ? (
        <EmptyState title="No reason templates" description="Add one with N." />
      ) : (
        <Table columns={COLUMNS} aria-label="Reason templates" data-testid="templates-table">
          <TableHeader>
            <TableHeadCell>#</TableHeadCell>
            <TableHeadCell>Name</TableHeadCell>
            <TableHeadCell>Text</TableHeadCell>
            <TableHeadCell>Offered for</TableHeadCell>
          </TableHeader>
          <TableBody>
            {templates.map((t, index) => (
              <TableRow
                key={t.id}
                active={index === focus && !form}
                data-testid="template-row"
                data-id={t.id}
                onClick={() => actor.send({ type: 'focus.set', index })}
              >
                <TableCell className="mono">{index + 1}</TableCell>
                <TableCell>{t.label}</TableCell>
                <TableCell className="settings-templates__text">{t.text}</TableCell>
                <TableCell>
                  <span className="settings-templates__badges">
                    {t.decisions.map((d) => (
                      <Badge key={d}>{statusTitle(d)}</Badge>
                    ))}
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {templates.length && !form ? (
        <div className="settings-templates__actions">
          <CommandButton id="settings.templates.edit" size="sm" showShortcut />
          <CommandButton id="settings.templates.moveUp" size="sm" variant="ghost" showShortcut />
          <CommandButton id="settings.templates.moveDown" size="sm" variant="ghost" showShortcut />
          <CommandButton id="settings.templates.delete" size="sm" variant="danger" showShortcut />
        </div>
      ) : null}
    </div>
  )
}
