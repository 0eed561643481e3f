// A Northwind organization whose root, two admins and a member hold credentials the tests have the private keys
// of (Ed25519, P-256, secp256k1), and helpers that make and sign policy set versions of it.
import { generateKeyPairSync } from 'node:crypto'
import type { Entities } from '@rampart/entities'
import {
  contentHashOf,
  type Governance,
  type Policy,
  type PolicySetContent,
  type SignedPolicySet,
  signPolicySetApproval,
  statementOf,
} from '../../src'
import { AMELIA, NORA, entities as northwind, policies as northwindPolicies, PRIYA } from '../northwind'

export const LUCAS = 'lucas.moreau@northwind.example'
export { AMELIA, NORA, PRIYA }

type Signer = {
  credentialId: string
  privateJwk: Record<string, unknown>
  publicJwk: Record<string, unknown>
}

function keyPair(alg: 'EdDSA' | 'ES256' | 'ES256K', credentialId: string): Signer {
  const { privateKey, publicKey } =
    alg === 'EdDSA'
      ? generateKeyPairSync('ed25519')
      : generateKeyPairSync('ec', { namedCurve: alg === 'ES256' ? 'P-256' : 'secp256k1' })
  const base = { alg, kid: credentialId }
  return {
    credentialId,
    privateJwk: { ...privateKey.export({ format: 'jwk' }), ...base },
    publicJwk: { ...publicKey.export({ format: 'jwk' }), ...base },
  }
}

/** Each test user's one credential: the root signs ES256K, the admins EdDSA and ES256, the member EdDSA. */
export const signers: Record<string, Signer> = {
  [AMELIA]: keyPair('ES256K', 'amelia-laptop'),
  [PRIYA]: keyPair('EdDSA', 'priya-yubikey'),
  [LUCAS]: keyPair('ES256', 'lucas-phone'),
  [NORA]: keyPair('EdDSA', 'nora-laptop'),
}

export const governedEntities: Entities = {
  ...northwind,
  credentials: [
    ...northwind.credentials.filter((credential) => !(credential.userId in signers)),
    ...Object.entries(signers).map(([userId, signer]) => ({
      id: signer.credentialId,
      userId,
      key: signer.publicJwk as Entities['credentials'][number]['key'],
    })),
  ],
}

/** Two admins, or one root and one admin. */
export const governance: Governance = {
  quorum: {
    anyOf: [
      { require: [{ role: 'admin', count: 2 }] },
      {
        require: [
          { role: 'root', count: 1 },
          { role: 'admin', count: 1 },
        ],
      },
    ],
  },
}

export const content = (overrides: Partial<PolicySetContent> = {}): PolicySetContent => ({
  policies: northwindPolicies as unknown as PolicySetContent['policies'],
  entities: governedEntities as unknown as PolicySetContent['entities'],
  governance,
  ...overrides,
})

/** A version of the set, after `previous` (none: the bootstrap), signed by these users. */
export function version(
  contentOf: PolicySetContent,
  previous: SignedPolicySet | undefined,
  approvers: string[],
  setId = 'northwind',
): SignedPolicySet {
  const unsigned = {
    setId,
    version: previous ? previous.version + 1 : 1,
    previousHash: previous ? previous.contentHash : null,
    contentHash: contentHashOf(contentOf),
  }
  return {
    ...unsigned,
    content: contentOf,
    approvals: approvers.map((userId) => {
      const signer = signers[userId] as Signer
      return signPolicySetApproval(statementOf(unsigned), signer.privateJwk, signer.credentialId)
    }),
  }
}

export const withPolicies = (policies: Policy[]) =>
  content({ policies: policies as unknown as PolicySetContent['policies'] })
