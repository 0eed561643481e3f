import { isProviderError, ProviderError } from '../../core/errors/providerErrors'

/**
 * Where a provider input member comes from in the create body, by the provider's JSON Pointer prefix. A prefix
 * matches itself and the members under it; the longest one wins.
 */
export type PointerMap = Readonly<Record<string, string>>

/** The provider input's source and network come from the body's source account. */
const sourcePointers: PointerMap = { '/source': '/source/id', '/networkId': '/source/id' }

/** A transfer's provider input, as planned from a create transfer body. */
export const transferPointers: PointerMap = {
  ...sourcePointers,
  '/destinationAddress': '/destination',
  '/asset': '/asset',
  '/amount': '/amount',
  '/networkFeeAttribution': '/networkFeeAttribution',
}

/** A stake's provider input, as planned from a create stake body. */
export const stakePointers: PointerMap = {
  ...sourcePointers,
  '/amount': '/amount',
  '/validator/address': '/validator/address',
}

/** An exit's provider input, as planned from a create unstake body (which names its network and its position). */
export function unstakePointers(body: { stakePositionId?: string }): PointerMap {
  return {
    ...sourcePointers,
    '/networkId': '/networkId',
    '/amount': '/amount',
    '/stakePositionId': body.stakePositionId === undefined ? '/validatorAddress' : '/stakePositionId',
  }
}

function mapped(path: string, pointers: PointerMap): string {
  let best: string | undefined
  for (const prefix of Object.keys(pointers)) {
    const matches = path === prefix || path.startsWith(`${prefix}/`)
    if (matches && (best === undefined || prefix.length > best.length)) best = prefix
  }
  // A member the body has no counterpart for (the transaction the provider built from it): the body as a whole.
  return best === undefined ? '' : pointers[best]!
}

/**
 * A provider's refusal of what a plan asked it to prepare, pointing into the create body the client sent rather than
 * into the provider's input: at plan time it is the answer of the create.
 */
export function pointingIntoBody(error: unknown, pointers: PointerMap): unknown {
  if (!isProviderError(error) || typeof error.details.path !== 'string') return error
  const path = mapped(error.details.path, pointers)
  return new ProviderError(error.code, error.message, { ...error.details, path }, { cause: error.cause })
}
