// The public face of @rampart/decoder.
export {}
