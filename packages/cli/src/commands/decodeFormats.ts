/** The output formats of `rampart decode`. */
export const DECODE_FORMATS = ['json', 'text'] as const
