// The public face of @rampart/entities.
export {}
