import aaveOnBehalfOfSelf from '@rampart/policies/presets/aave-on-behalf-of-self.json'
import erc20AddressBookOnly from '@rampart/policies/presets/erc20-address-book-only.json'
import lidoStaking from '@rampart/policies/presets/lido-staking.json'
import permit2Bounded from '@rampart/policies/presets/permit2-bounded-approvals.json'
import uniswapSelfRecipient from '@rampart/policies/presets/uniswap-self-recipient.json'
import type { Preset } from './generated/preset'

/** The curated protocol presets shipped in policies/presets, validated against preset.schema.json in tests. */
export const BUILTIN_PRESETS: readonly Preset[] = [
  erc20AddressBookOnly,
  uniswapSelfRecipient,
  aaveOnBehalfOfSelf,
  lidoStaking,
  permit2Bounded,
] as Preset[]
