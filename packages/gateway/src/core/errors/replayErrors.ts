import type { ErrorRegistry } from '@rampart/entities'

/** The codes of replay and shadow mode (src/replay, src/shadow), part of the gateway's one table (gatewayErrors). */
export const replayErrors = {
  REPLAY_CANDIDATE_INVALID: {
    httpStatus: 422,
    meaning:
      'The candidate policy set of a replay (its policies, entities or presets) is invalid; context.issues has a JSON Pointer each.',
  },
  REPLAY_PROPOSAL_NOT_FOUND: {
    httpStatus: 404,
    meaning: 'The client has no proposal with this id to replay.',
  },
} satisfies ErrorRegistry
