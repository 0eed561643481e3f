import { describe, expect, it } from 'vitest'
import type { ProviderSession } from '../types'
import { createBitgoProvider } from './bitgoProvider'

const accessToken = `v2x${'a1'.repeat(32)}`
const enterpriseId = '5a84db9f8b9fb63e07ba8ce1abb6c7a1'
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  )

describe('BitGo credentials', () => {
  const provider = createBitgoProvider()

  it('accepts BitGo’s names, defaulting the base URL to the environment’s', () => {
    expect(provider.validateCredentials({ accessToken, environment: 'test' })).toEqual({
      accessToken,
      environment: 'test',
      baseUrl: 'https://app.bitgo-test.com',
    })
    expect(
      provider.validateCredentials({
        accessToken,
        enterpriseId,
        walletPassphrase: 'the wallet passphrase',
        environment: 'prod',
        baseUrl: 'http://127.0.0.1:3080/',
      }),
    ).toEqual({
      accessToken,
      enterpriseId,
      walletPassphrase: 'the wallet passphrase',
      environment: 'prod',
      baseUrl: 'http://127.0.0.1:3080',
    })
  })

  it.each([
    [null, ''],
    [[], ''],
    [{ environment: 'test' }, '/accessToken'],
    [{ accessToken: 'short', environment: 'test' }, '/accessToken'],
    [{ accessToken: `${accessToken} x`, environment: 'test' }, '/accessToken'],
    [{ accessToken }, '/environment'],
    [{ accessToken, environment: 'production' }, '/environment'],
    [{ accessToken, environment: 'test', enterpriseId: 'not-hex' }, '/enterpriseId'],
    [{ accessToken, environment: 'test', walletPassphrase: '' }, '/walletPassphrase'],
    [{ accessToken, environment: 'test', baseUrl: 'http://bitgo.example.com' }, '/baseUrl'],
    [{ accessToken, environment: 'test', baseUrl: 'https://u:p@app.bitgo.com' }, '/baseUrl'],
    [{ accessToken, environment: 'test', baseUrl: 'not a url' }, '/baseUrl'],
    [{ accessToken, environment: 'test', otp: '000000' }, '/otp'],
  ])('refuses %j with INVALID_CREDENTIALS at %s', (credentials, path) => {
    expect(() => provider.validateCredentials(credentials)).toThrow(
      expect.objectContaining({ code: 'INVALID_CREDENTIALS', details: { path } }),
    )
  })

  it('never repeats a secret in its refusals', () => {
    const secret = 'a secret passphrase that is far too long'.repeat(30)
    const error = (() => {
      try {
        provider.validateCredentials({ accessToken, environment: 'test', walletPassphrase: secret })
      } catch (caught) {
        return caught as Error
      }
    })()
    expect(error?.message).toBeDefined()
    expect(JSON.stringify(error)).not.toContain('far too long')
  })
})

describe('BitGo session', () => {
  it('reads nothing and refuses every action with UNSUPPORTED, naming the missing adapter', async () => {
    const provider = createBitgoProvider()
    const session = await provider.connect(
      provider.validateCredentials({ accessToken, environment: 'test' }),
      {
        connectionId: 'c1',
      },
    )
    expect(session.capabilities).toMatchObject({ transfers: false, signTransaction: false, staking: false })
    expect(await session.listWallets()).toEqual([])
    expect(await session.listKnownDestinations()).toEqual([])
    const actions: (keyof ProviderSession)[] = [
      'prepareTransaction',
      'signTransaction',
      'signMessage',
      'signTypedData',
      'signRaw',
      'prepareTransfer',
      'buildTransfer',
      'prepareStake',
      'stake',
      'getStake',
      'prepareUnstake',
      'unstake',
      'getUnstake',
      'listPositions',
    ]
    for (const action of actions) {
      const call = session[action] as (input?: unknown) => Promise<unknown>
      const error = await rejection(call.call(session, {}))
      expect(error, action).toMatchObject({
        code: 'UNSUPPORTED',
        message: expect.stringContaining('no BitGo adapter exists yet'),
      })
    }
    await expect(session.revoke()).resolves.toBeUndefined()
  })
})
