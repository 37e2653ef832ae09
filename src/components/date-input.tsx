/**
 * A day typed as dd/mm/yyyy (src/lib/day-month-year.ts), held as 'YYYY-MM-DD' or ''. Slashes come
 * as the digits are typed; a complete real day within [min, max] is sent at once, a cleared box
 * sends ''; anything else is marked invalid and the box shows the held day again when left.
 */
import { useState, type InputHTMLAttributes } from 'react'
import { formatDayMonthYear, maskDayMonthYear, parseDayMonthYear } from '../lib/day-month-year'
import { Input } from './field'

export interface DateInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'min' | 'max' | 'type'
> {
  /** 'YYYY-MM-DD' or ''. */
  value: string
  /** Receives 'YYYY-MM-DD', or '' when the box is cleared. */
  onDate: (value: string) => void
  /** Earliest and latest day accepted, 'YYYY-MM-DD'. */
  min?: string
  max?: string
}

export function DateInput({ value, onDate, min, max, onBlur, ...rest }: DateInputProps) {
  // The text while the admin types; null shows the held day.
  const [typed, setTyped] = useState<string | null>(null)
  const text = typed ?? formatDayMonthYear(value)
  const parsed = parseDayMonthYear(text)
  const inRange = parsed !== null && (!min || parsed >= min) && (!max || parsed <= max)
  const invalid = typed !== null && typed !== '' && !inRange
  return (
    <Input
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder="dd/mm/yyyy"
      maxLength={10}
      value={text}
      invalid={invalid}
      onChange={(e) => {
        const next = maskDayMonthYear(e.target.value)
        setTyped(next)
        const day = parseDayMonthYear(next)
        if (next === '') onDate('')
        else if (day && (!min || day >= min) && (!max || day <= max) && day !== value) onDate(day)
      }}
      onBlur={(e) => {
        setTyped(null)
        onBlur?.(e)
      }}
    />
  )
}
