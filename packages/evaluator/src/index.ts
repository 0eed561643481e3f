// The public face of @rampart/evaluator.
export {}
