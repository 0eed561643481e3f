/* This file is generated from schemas/ by `pnpm types:generate`. Do not edit it by hand. */

import type { AddressBookAccountEntity } from '../entities'
export type { AddressBookAccountEntity }

/**
 * A partial Entities document holding the address book only; chainId is required.
 */
export interface AddressBookEntities {
  /**
   * The URI of this document's schema, so editors can validate and complete it.
   */
  $schema?: string
  addressBook: AddressBookAccountEntity[]
}
