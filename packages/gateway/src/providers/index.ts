// The custody provider adapters: the interface, its errors, the built-in local provider and the registry.
export * from './errors'
export type * from './types'
