// The kind is part of the gateway's configuration, so core/config declares it; the stores live here.
import type { ReplayStoreKind } from '../core/config/gatewayConfig'

export type { ReplayStoreKind }

export interface ReplayStore {
  /** Records the request, or throws {@link GatewayError} `JWS_REPLAYED` if it was recorded before. */
  remember(clientId: string, replayKey: string, expiresAt: Date): Promise<void>
}
