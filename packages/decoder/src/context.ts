import type { RampartDescriptors } from './descriptors/rampartDescriptors'
import type { DataProvider, DescriptorRegistry } from './erc7730'
import type { Action } from './types'

/** What every decoding step needs: the request's action, lookups and descriptors. */
export interface DecodeContext {
  action: Action
  provider: DataProvider
  /** The caller's descriptors (e.g. a registry checkout), for calls without a built-in reading. */
  registries: readonly DescriptorRegistry[]
  /** Rampart's own descriptors, which display the built-in intents. */
  rampart: RampartDescriptors
  /** False when only the intent is wanted: deferred displays are then never built. */
  display: boolean
}
