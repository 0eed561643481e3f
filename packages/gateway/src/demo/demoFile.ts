// The demo file's shape and what provisioning reports, apart from provisionDemo so provisionIdentity can name
// them without importing it back.
import type { JWK } from 'jose'

export type DemoFile = {
  client: {
    clientId: string
    name: string
    entities?: string
    policies?: string
    presets?: string[]
    /** The entities user the generated key is a credential of: the principal of every demo request. */
    signsAs?: string
  }
  connection: {
    connectionId: string
    provider: string
    label: string
    /** The networks whose address of the connection becomes an entities account, and the groups it joins. */
    accounts?: { networks: string[]; groups: string[] }
  }
}

/** As whom the demo client signs, and the entities accounts its connection signs from. */
export type DemoIdentityView = { userId: string; accountIds: string[]; groups: string[] }

export type DemoClient = { clientId: string; privateJwk: JWK }

export type ProvisionResult = {
  client: DemoClient | null
  /** True when this start created the client (its private key is then new and must be shown once). */
  createdClient: boolean
  createdConnection: boolean
  /** Set when the demo file names a user: the identity, as the client's entities now hold it. */
  identity: DemoIdentityView | null
  /** True when this start added the key or the accounts to the client's entities. */
  updatedEntities: boolean
}
