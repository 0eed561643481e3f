// Replay: decide recorded requests again under a candidate policy set and report which decisions flip.
export { widens } from './flipReport'
export { Replay, type ReplayCandidate, replayDecisions } from './replayDecisions'
export type {
  DecisionKind,
  FlipExample,
  FlipGroup,
  LiveDecision,
  RecordedDecision,
  ReplayOptions,
  ReplayReport,
} from './replayTypes'
