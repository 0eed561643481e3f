/**
 * Bounds on what the decoder accepts. A request above a bound is refused with `sizeLimitExceeded` or
 * `depthLimitExceeded` instead of being decoded, so hostile input cannot exhaust memory or the stack.
 */
export const limits = {
  /** Bytes of calldata in one call (the largest mainnet batches stay far below this). */
  maxCalldataBytes: 128 * 1024,
  /** Nesting of embedded calls: Safe → MultiSend → call is depth 2. */
  maxDepth: 8,
  /** Inner calls in one batch, commands in one Universal Router execute, items in one Seaport order. */
  maxBatchItems: 256,
  /** Characters of typed data JSON. */
  maxTypedDataChars: 256 * 1024,
  /** Bytes of a personal_sign message. */
  maxMessageBytes: 64 * 1024,
} as const
