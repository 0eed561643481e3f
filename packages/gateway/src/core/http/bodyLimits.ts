/** Largest body a route accepts unless it says otherwise: requests, credentials and grants fit well within it. */
export const bodyLimit = 1_048_576

/**
 * Largest body of the admin routes that take a whole organization (registering or updating a client, proposing a
 * policy set, replaying under candidate entities): an Entities document of 10,000 users, 100,000 accounts, 200,000
 * memberships and 10,000 credentials is about 35 MiB. Only the admin API key reaches these routes.
 */
export const organizationBodyLimit = 64 * 1_048_576

/** A limit as the API documents it. */
export const describeBodyLimit = (bytes: number) => `${bytes / 1_048_576} MiB`
