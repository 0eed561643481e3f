// The public face of @rampart/gateway.
export {}
