import { escapeHtml, escapeMarkup } from './escape'

/** Markup a page built: the only kind of value the `html` template puts in unescaped. */
export class SafeHtml {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup
  }
}

/** What an `html` template may interpolate: text (escaped), markup it built, or lists of either. */
export type HtmlValue =
  | SafeHtml
  | string
  | number
  | bigint
  | boolean
  | null
  | undefined
  | readonly HtmlValue[]

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.markup
  if (value === null || value === undefined || value === false) return ''
  if (Array.isArray(value)) return value.map(render).join('')
  return escapeHtml(String(value))
}

/**
 * The template every page writes its markup with: each interpolated value is escaped (text and attributes
 * alike, invisible characters revealed) unless it is markup another `html` template made. A page therefore cannot
 * put a request's value into its HTML unescaped by forgetting to escape it.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let markup = strings[0] ?? ''
  values.forEach((value, index) => {
    markup += render(value) + (strings[index + 1] ?? '')
  })
  return new SafeHtml(markup)
}

/** Markup for a list of items, each rendered by `item`. */
export function each<T>(items: readonly T[], item: (value: T, index: number) => SafeHtml): SafeHtml {
  return new SafeHtml(items.map((value, index) => item(value, index).markup).join('\n'))
}

/**
 * A value a form sends back (an input's `value`, a textarea's text): escaped, so it stays inert, but with its
 * invisible characters kept, so that what is posted again is exactly what was given. Everything a page only shows
 * goes through the `html` template's default escaping, which reveals them.
 */
export function formValue(value: string): SafeHtml {
  return new SafeHtml(escapeMarkup(value))
}
