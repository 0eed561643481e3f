import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import type { Entities } from '@rampart/entities'
import { describe, expect, it } from 'vitest'
import {
  type ApprovalStatement,
  createGovernedEvaluator,
  type PolicySetApproval,
  type PolicySetContent,
  type SignedPolicySet,
  statementChallenge,
  statementOf,
  verifyPolicySet,
  webauthnApprovalOf,
} from '../../src'
import { content, governance, governedEntities, LUCAS, PRIYA, version } from './governedOrganization'

const ORIGIN = 'https://rampart.northwind.example'
const RP_ID = 'rampart.northwind.example'

/** A software authenticator: a passkey (P-256 or Ed25519) that makes assertions as a browser hands them over. */
function softPasskey(kind: 'P-256' | 'Ed25519', id: string) {
  const { privateKey, publicKey }: { privateKey: KeyObject; publicKey: KeyObject } =
    kind === 'P-256' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('ed25519')
  const jwk = publicKey.export({ format: 'jwk' })
  return {
    credential: (userId: string) => ({
      id,
      userId,
      key: { ...jwk, alg: kind === 'P-256' ? 'ES256' : 'EdDSA' },
      webauthn: { credentialId: Buffer.from(id).toString('base64url'), counter: 0 },
    }),
    assert(
      challenge: string,
      options: { rpId?: string; origin?: string; flags?: number; type?: string } = {},
    ): { authenticatorData: string; clientDataJSON: string; signature: string } {
      const authenticatorData = Buffer.concat([
        createHash('sha256')
          .update(options.rpId ?? RP_ID)
          .digest(),
        Buffer.from([options.flags ?? 0x05, 0, 0, 0, 7]),
      ])
      const clientDataJSON = Buffer.from(
        JSON.stringify({
          type: options.type ?? 'webauthn.get',
          challenge,
          origin: options.origin ?? ORIGIN,
          crossOrigin: false,
        }),
      )
      const signed = Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()])
      const signature = sign(kind === 'P-256' ? 'sha256' : null, signed, privateKey) // DER for ECDSA
      return {
        authenticatorData: authenticatorData.toString('base64url'),
        clientDataJSON: clientDataJSON.toString('base64url'),
        signature: signature.toString('base64url'),
      }
    },
  }
}

const lucasPasskey = softPasskey('P-256', 'lucas-passkey')
const priyaPasskey = softPasskey('Ed25519', 'priya-passkey')

const passkeyContent = (webauthn: PolicySetContent['governance']['webauthn'] | null = undefined) => {
  const entities = structuredClone(governedEntities) as Entities
  entities.credentials.push(
    lucasPasskey.credential(LUCAS) as Entities['credentials'][number],
    priyaPasskey.credential(PRIYA) as Entities['credentials'][number],
  )
  return content({
    entities: entities as unknown as PolicySetContent['entities'],
    governance:
      webauthn === null
        ? governance
        : { ...governance, webauthn: webauthn ?? { rpId: RP_ID, origins: [ORIGIN] } },
  })
}

// Version 1 (the bootstrap), signed by two admins' JWS; it names the relying party its passkeys approve on.
const first = version(passkeyContent(), undefined, [PRIYA, LUCAS])
const next = (approvals: PolicySetApproval[], after: SignedPolicySet = first): SignedPolicySet => {
  const signed = version(passkeyContent(), after, [PRIYA])
  return { ...signed, approvals: [...signed.approvals, ...approvals] }
}
const statementOfNext = statementOf(next([]))
const lucasApproves = (statement: ApprovalStatement = statementOfNext, options = {}) =>
  webauthnApprovalOf('lucas-passkey', lucasPasskey.assert(statementChallenge(statement), options))

async function refusal(set: SignedPolicySet, after: SignedPolicySet | 'bootstrap' = first) {
  const error = await verifyPolicySet(set, after).then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toMatchObject({ code: 'POLICY_SET_SIGNATURE_INVALID' })
  return (error as { details: { issues: { path: string; message: string }[] } }).details.issues
}

describe('passkey approvals of a policy set (type webauthn), verified by the evaluator itself', () => {
  it('counts a passkey approval toward the quorum: one JWS and one passkey apply a change', async () => {
    await expect(verifyPolicySet(next([]), first)).rejects.toMatchObject({
      code: 'POLICY_SET_QUORUM_NOT_MET',
    })
    const assessment = await verifyPolicySet(next([lucasApproves()]), first)
    expect(assessment.approvedBy).toEqual([
      { userId: PRIYA, credentialId: 'priya-yubikey' },
      { userId: LUCAS, credentialId: 'lucas-passkey' },
    ])
    // The built-in verifier is always the one used: a caller's verifier that accepts anything does not replace it.
    const evaluator = await createGovernedEvaluator({
      policySet: first,
      after: 'bootstrap',
      approvalVerifiers: { webauthn: () => undefined },
    })
    const forged = {
      ...lucasApproves(),
      signature: lucasApproves({ ...statementOfNext, version: 9 }).signature,
    }
    await expect(evaluator.apply(next([forged]))).rejects.toMatchObject({
      code: 'POLICY_SET_SIGNATURE_INVALID',
    })
    expect(evaluator.policySet.version).toBe(1)
    await evaluator.apply(next([lucasApproves()]))
    expect(evaluator.policySet.version).toBe(2)
  })

  it('verifies an Ed25519 passkey too', async () => {
    const set = version(passkeyContent(), first, [LUCAS])
    const priya = webauthnApprovalOf(
      'priya-passkey',
      priyaPasskey.assert(statementChallenge(statementOf(set))),
    )
    await expect(
      verifyPolicySet({ ...set, approvals: [...set.approvals, priya] }, first),
    ).resolves.toBeDefined()
  })

  it('refuses an assertion over another statement, another RP id or origin, without UV or user presence', async () => {
    const otherStatement = { ...statementOfNext, version: 3 }
    const cases: [PolicySetApproval, RegExp][] = [
      [lucasApproves(otherStatement), /another challenge/],
      [lucasApproves(statementOfNext, { rpId: 'evil.example' }), /another RP id/],
      [lucasApproves(statementOfNext, { origin: 'https://evil.example' }), /origin/],
      [lucasApproves(statementOfNext, { flags: 0x01 }), /user verification/],
      [lucasApproves(statementOfNext, { flags: 0x04 }), /user present/],
      [lucasApproves(statementOfNext, { type: 'webauthn.create' }), /webauthn\.get/],
    ]
    for (const [approval, why] of cases) {
      const [issue] = await refusal(next([approval]))
      expect(issue).toMatchObject({ path: '/approvals/1', message: expect.stringMatching(why) })
    }
  })

  it('refuses an assertion with a flipped byte anywhere', async () => {
    const good = lucasApproves()
    const flip = (value: string, at: number) => {
      const bytes = Buffer.from(value, 'base64url')
      bytes[at % bytes.length] = (bytes[at % bytes.length] as number) ^ 0x01
      return bytes.toString('base64url')
    }
    const data = good.data as { authenticatorData: string; clientDataJSON: string }
    const flipped: PolicySetApproval[] = [
      { ...good, signature: flip(good.signature, 40) },
      { ...good, data: { ...data, authenticatorData: flip(data.authenticatorData, 34) } },
      { ...good, data: { ...data, clientDataJSON: flip(data.clientDataJSON, 3) } },
    ]
    for (const approval of flipped) expect(await refusal(next([approval]))).toHaveLength(1)
  })

  it('refuses passkey approvals when the approving set names no relying party, or by a credential that is no passkey', async () => {
    const unnamed = version(passkeyContent(null), undefined, [PRIYA, LUCAS])
    const set = version(passkeyContent(null), unnamed, [PRIYA])
    const approval = webauthnApprovalOf(
      'lucas-passkey',
      lucasPasskey.assert(statementChallenge(statementOf(set))),
    )
    const [issue] = await refusal({ ...set, approvals: [...set.approvals, approval] }, unnamed)
    expect(issue?.message).toMatch(/governance\.webauthn/)

    const jwsKey = { ...lucasApproves(), credentialId: 'lucas-phone' }
    const [notPasskey] = await refusal(next([jwsKey]))
    expect(notPasskey?.message).toMatch(/no passkey/)
  })
})
