import type { ErrorRegistry } from '@rampart/entities'

/**
 * The gateway's errors that are no HTTP answer: they stop the start (a bad configuration) or are internal failures
 * answered as INTERNAL_ERROR (an envelope that does not open). Stable codes, for logs and for the embedding program.
 */
export const internalErrors = {
  CONFIG_INVALID: {
    meaning: 'A setting is missing or invalid (details.setting names it); the gateway does not start.',
  },
  ENVELOPE_MALFORMED: {
    meaning: 'A stored secret is not an envelope of this gateway (truncated, not JSON, unknown format).',
  },
  ENVELOPE_WRONG_MASTER_KEY: { meaning: 'A stored secret was sealed with another master key.' },
  ENVELOPE_TAMPERED: {
    meaning: 'A stored secret does not authenticate: changed, or moved to another record.',
  },
} satisfies ErrorRegistry
