// The public face of @rampart/cli: the program, for embedding the `rampart` command in other tools.
export { createProgram, EXIT } from './program'
