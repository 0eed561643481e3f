/**
 * One error registry per package: a table of stable codes, each with what it means and, where an HTTP API answers
 * with it, its status. `defineErrors` turns such a table into the package's error class, so every package builds
 * its errors the same way, `new XError(code, message, details?)`, and none copies the boilerplate.
 */

/** One registered code: what it means and, for errors an HTTP API answers with, the status it answers with. */
export interface ErrorDefinition {
  /** The HTTP status a response with this code has; absent where no API answers with the error as such. */
  readonly httpStatus?: number
  /** What the code means, in a sentence: the documentation tables are generated from it. */
  readonly meaning: string
}

/** A package's codes: stable, since programs match on them. */
export type ErrorRegistry = { readonly [code: string]: ErrorDefinition }

/** What a registered error carries beside its code and message; machine-readable, never secret. */
export type ErrorDetails = object

/** `details` may be left out when an empty object is a valid value of it, and only then. */
export type ErrorArguments<Details extends ErrorDetails> = {} extends Details
  ? [details?: Details, options?: ErrorOptions]
  : [details: Details, options?: ErrorOptions]

/** The base of the error classes `defineErrors` makes; the same shape in every package. */
export class RegisteredError<
  Code extends string = string,
  Details extends ErrorDetails = ErrorDetails,
> extends Error {
  /** The stable code, one of the package's registry. */
  readonly code: Code
  /**
   * The status an HTTP API answers with, from the registry; undefined for a code the registry does not have (a
   * code from data or from untyped code), which an API must treat as an internal error.
   */
  readonly httpStatus: number | undefined
  readonly details: Details

  constructor(
    registry: ErrorRegistry,
    code: Code,
    message: string,
    details: Details,
    options?: ErrorOptions,
  ) {
    super(message, options)
    this.code = code
    this.httpStatus = Object.hasOwn(registry, code) ? registry[code]?.httpStatus : undefined
    this.details = details
  }

  toJSON(): { code: Code; message: string; details: Details } {
    return { code: this.code, message: this.message, details: this.details }
  }
}

/** Whether `code` is one of `registry`'s codes (own keys only: `toString` is no code). */
export function isRegisteredCode<Registry extends ErrorRegistry>(
  registry: Registry,
  code: unknown,
): code is keyof Registry & string {
  return typeof code === 'string' && Object.hasOwn(registry, code)
}

/** The class `defineErrors` makes: what a declaration file says of it (no more than this, whatever the runtime). */
export interface RegisteredErrorClass<Registry extends ErrorRegistry, Details extends ErrorDetails> {
  new (
    code: keyof Registry & string,
    message: string,
    ...args: ErrorArguments<Details>
  ): RegisteredError<keyof Registry & string, Details>
  /** The registry the codes come from, for tables, checks and codes read from data. */
  readonly registry: Registry
  /** Whether a code (from data, say) is one of this class's. */
  isCode(code: unknown): code is keyof Registry & string
}

/**
 * The error class of a registry: `new (defineErrors('XError', registry))(code, message, details?, options?)`, where
 * `code` must be one of the registry's (a type error otherwise) and `details` defaults to `{}`. Extend the result to
 * give the class its own name in stack traces and declarations:
 * `export class XError extends defineErrors('XError', xErrors)<XDetails>() {}`.
 */
export function defineErrors<const Registry extends ErrorRegistry>(name: string, registry: Registry) {
  type RegisteredCode = keyof Registry & string
  return <Details extends ErrorDetails = Record<string, unknown>>(): RegisteredErrorClass<
    Registry,
    Details
  > =>
    class extends RegisteredError<RegisteredCode, Details> {
      /** The registry the codes come from, for tables, checks and codes read from data. */
      static readonly registry: Registry = registry

      /** Whether a code (from data, say) is one of this class's. */
      static isCode(code: unknown): code is RegisteredCode {
        return isRegisteredCode(registry, code)
      }

      constructor(code: RegisteredCode, message: string, ...[details, options]: ErrorArguments<Details>) {
        super(registry, code, message, (details ?? {}) as Details, options)
        this.name = name
      }
    }
}
