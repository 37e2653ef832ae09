/**
 * The reason templates the notes step offers: the admin's saved templates for the
 * decision, in their saved order, at most TEMPLATE_KEYS (picked with 1-9), text filled in for the
 * project ({title}, {owner}, {category}; fillTemplate).
 */
import { fillTemplate, type ReasonTemplate, type TemplateDecision } from '../../api/schemas/preferences'
import { TEMPLATE_KEYS } from '../../commands/triage.commands'

export function offeredTemplates(
  templates: readonly ReasonTemplate[],
  decision: TemplateDecision | null,
  project: { title: string; owner?: string | null; category?: string | null } | null,
): { id: string; label: string; text: string }[] {
  if (!decision || !project) return []
  return templates
    .filter((t) => t.decisions.includes(decision))
    .slice(0, TEMPLATE_KEYS)
    .map((t) => ({ id: t.id, label: t.label, text: fillTemplate(t.text, project) }))
}
