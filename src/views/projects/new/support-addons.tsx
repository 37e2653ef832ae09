/** 'Support and Add-ons' and 'Initial Verification Status' of Add Project (SPEC.md 2, 3 Project; support duration in days, default 5). */
import { Field, Input } from '../../../components/field'
import { VERIFICATION_STATUSES } from '../../../api/schemas/projects'
import { formOptions } from '../../../commands/add-project.commands'
import { CommandSelect } from '../../../commands/command-select'
import { CommandCheckbox } from '../../../commands/command-checkbox'
import type { FieldsProps } from './project-fields'

export function SupportAddons({ values, change }: Omit<FieldsProps, 'errors'>) {
  return (
    <div className="add-project__grid">
      <div className="add-project__addon">
        <CommandCheckbox id="projects.new.toggleCustomization" labelled />
        <Field label="Customization price (₹)">
          {(id) => (
            <Input
              id={id}
              type="number"
              min={0}
              value={values.customizationPrice}
              disabled={!values.allowsCustomization}
              onChange={(e) => change({ customizationPrice: e.target.value })}
            />
          )}
        </Field>
      </div>
      <div className="add-project__addon">
        <CommandCheckbox id="projects.new.toggleInstallation" labelled />
        <Field label="Support duration (days)">
          {(id) => (
            <Input
              id={id}
              type="number"
              min={0}
              value={values.supportDuration}
              disabled={!values.includesInstallationSupport}
              onChange={(e) => change({ supportDuration: e.target.value })}
            />
          )}
        </Field>
      </div>
      <div className="add-project__addon">
        <CommandCheckbox id="projects.new.toggleReport" labelled />
        <Field label="Report price (₹)">
          {(id) => (
            <Input
              id={id}
              type="number"
              min={0}
              value={values.reportPrice}
              disabled={!values.hasReport}
              onChange={(e) => change({ reportPrice: e.target.value })}
            />
          )}
        </Field>
      </div>
      <Field label="Initial Verification Status">
        {(id) => (
          <CommandSelect
            id={id}
            aria-label="Initial Verification Status"
            options={formOptions('verificationStatus', VERIFICATION_STATUSES)}
          />
        )}
      </Field>
    </div>
  )
}
