import { generateSigningJwk } from '../src/core/crypto/generateSigningJwk'
import { requestFixture, usdtSender } from './support/requestFixtures'
import { policy } from './support/signingClient'
import { registerTestClient, type TestClient, type TestGateway } from './support/testGateway'

/** A file of fixtures/requests. */

/** What a hostile token symbol or message holds: a script, a `javascript:` URL and a right-to-left override. */
export const hostileText =
  '<script>window.__pwned = 1</script><a href="javascript:window.__pwned=2">x</a>\u202eDSU'

/** eth_signTypedData_v4 whose domain name and message strings are hostile, one of them a `javascript:` URL. */
export const hostileTypedData = {
  method: 'eth_signTypedData_v4',
  params: [
    '0x0f1beb71c67fd219495f9400c06a6245b2db4831',
    JSON.stringify({
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }],
        Note: [
          { name: 'text', type: 'string' },
          { name: 'link', type: 'string' },
        ],
      },
      primaryType: 'Note',
      domain: { name: hostileText },
      message: { text: hostileText, link: 'javascript:window.__pwned=3' },
    }),
  ],
}

/**
 * A client whose entities are the request fixtures' (plus the analyst's credential and the USDT sender's account)
 * and whose one policy permits that account's ERC-20 transfers; with `hostileSymbol`, USDT's symbol is hostile.
 */
export async function registerTryItClient(
  gateway: TestGateway,
  options: { hostileSymbol?: boolean } = {},
): Promise<TestClient> {
  const key = await generateSigningJwk('ES256K', 'analyst-key')
  const entities = requestFixture('entities.json')
  entities.users.push({ id: 'analyst', role: 'member' })
  entities.credentials.push({ id: 'analyst-key', userId: 'analyst', key: key.publicJwk })
  entities.accounts.push(usdtSender())
  if (options.hostileSymbol) {
    for (const token of entities.tokens) if (token.symbol === 'USDT') token.symbol = hostileText
  }
  const registered = await registerTestClient(gateway, [], {
    name: options.hostileSymbol ? 'Hostile token desk' : 'Treasury desk',
    publicKeys: [key.publicJwk],
    entities,
    policies: [
      policy('permit-erc20-transfers', 'permit', [
        { criterion: 'checkAction', args: ['signTransaction'] },
        { criterion: 'checkIntentType', args: ['erc20Transfer'] },
        { criterion: 'checkAccountId', args: ['usdt-sender'] },
      ]),
    ],
  })
  return { ...registered, keys: [key], key }
}
