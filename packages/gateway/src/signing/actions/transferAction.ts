import { and, asc, eq, isNull } from 'drizzle-orm'
import { formatUnits, isAddress } from 'viem'
import { accounts, addresses, assets, networks, wallets } from '../../core/database/schema'
import { GatewayError } from '../../core/errors/gatewayError'
import type { CreateTransferRequest } from '../../generated/actions/createTransferRequest'
import { isSubmitted } from '../../providers/submitted'
import type { BuildTransferInput, CustodianTransfer, PreparedTransaction } from '../../providers/types'
import { withAccountAddresses } from '../../resources/loadAccounts'
import { resolveSigner, type Signer } from '../../resources/resolveSigner'
import { addressToApi, assetToApi, networkToApi, walletToApi } from '../../resources/toApi'
import type { Outcome, PlanContext, SigningAction } from '../pipeline/signingAction'
import { decidedGas, decidedRequest, signedOutcome } from './decidedTransaction'
import { iso } from './evmSigner'
import { pointingIntoBody, transferPointers } from './providerPointers'
import { resolveTransferAsset, toBaseUnits } from './resolveTransferAsset'

/** The create body, as `schemas/gateway/actions/` defines it. */
export type CreateTransferBody = CreateTransferRequest

type TransferDetails = {
  amountBase: string
  decimals: number
  nativeDecimals: number
  nativeAssetId: string
  contractAddress: string | null
  destinationAddress: string
  /** The transaction decided on, gas and fees included: the provider signs it with this gas. */
  transaction?: PreparedTransaction
  view: { source: unknown; asset: unknown; destination: unknown }
}

/** What the provider builds the transfer from, at plan time (to prepare it) and once permitted (to sign it). */
function transferInput(
  signer: Signer,
  details: TransferDetails,
  body: CreateTransferBody,
): BuildTransferInput {
  return {
    source: { accountExternalId: signer.accountExternalId, addressExternalId: signer.addressExternalId },
    networkId: signer.networkId,
    destinationAddress: details.destinationAddress,
    asset:
      details.contractAddress === null
        ? { kind: 'native' }
        : { kind: 'erc20', contractAddress: details.contractAddress },
    amount: details.amountBase,
    networkFeeAttribution: body.networkFeeAttribution ?? 'on_top',
    ...(body.memo === undefined ? {} : { memo: body.memo }),
  }
}

/** The wallet, account and address records of one of the connection's addresses, as transfers show them. */
async function addressView(context: PlanContext, where: { accountId: string; addressId?: string }) {
  const { services, clientId, connectionId } = context
  const [account] = await services.db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.accountId, where.accountId),
        eq(accounts.clientId, clientId),
        eq(accounts.connectionId, connectionId),
      ),
    )
  if (!account) return null
  // The one address the transfer names (or the account's first), not all of them: the view is stored with the
  // request, and an account's addresses grow without bound.
  const [address] = await services.db
    .select()
    .from(addresses)
    .where(
      and(
        eq(addresses.accountId, account.accountId),
        where.addressId === undefined ? undefined : eq(addresses.addressId, where.addressId),
      ),
    )
    .orderBy(asc(addresses.createdAt), asc(addresses.addressId))
    .limit(1)
  const [wallet] = await services.db.select().from(wallets).where(eq(wallets.walletId, account.walletId))
  if (!address || !wallet) return null
  const { accounts: _accounts, accountsPage: _accountsPage, ...walletView } = walletToApi(wallet, [], null)
  const [accountView] = await withAccountAddresses(services.db, [account])
  return {
    wallet: walletView,
    account: accountView,
    address: addressToApi(address),
    networkId: account.networkId,
  }
}

async function destinationOf(context: PlanContext, body: CreateTransferBody, networkId: string) {
  const destination = body.destination
  if ('address' in destination) {
    if (!isAddress(destination.address, { strict: false })) {
      throw new GatewayError('VALIDATION_FAILED', 'The destination address is invalid', {
        issues: [{ path: '/destination/address', message: 'is not an EVM address' }],
      })
    }
    return {
      address: destination.address,
      view: { account: null, address: { address: destination.address }, wallet: null },
    }
  }
  let accountId = destination.id
  let addressId: string | undefined
  if (destination.type === 'address') {
    const [row] = await context.services.db
      .select({ accountId: addresses.accountId })
      .from(addresses)
      .where(and(eq(addresses.addressId, destination.id), eq(addresses.clientId, context.clientId)))
    if (!row) throw new GatewayError('ADDRESS_NOT_FOUND', 'Address not found')
    accountId = row.accountId
    addressId = destination.id
  }
  const view = await addressView(context, { accountId, ...(addressId ? { addressId } : {}) })
  if (!view) throw new GatewayError('ACCOUNT_NOT_FOUND', 'Account not found')
  if (view.networkId !== networkId) {
    throw new GatewayError('VALIDATION_FAILED', 'The destination is on another network', {
      issues: [{ path: '/destination/id', message: `is on ${view.networkId}, the source on ${networkId}` }],
    })
  }
  return {
    address: view.address.address,
    view: { account: view.account, address: view.address, wallet: view.wallet },
  }
}

/** A finished transfer as its record shows it: amounts and fees in the asset's and the native coin's decimals. */
function transferOutcome(details: TransferDetails, built: CustodianTransfer): Outcome {
  return signedOutcome(built, {
    networkFeeAttribution: built.networkFeeAttribution,
    grossAmount: formatUnits(BigInt(built.grossAmount), details.decimals),
    netAmount: formatUnits(BigInt(built.netAmount), details.decimals),
    fees: built.fees.map((fee) => ({
      type: fee.type,
      attribution: fee.attribution,
      amount: formatUnits(BigInt(fee.amount), details.nativeDecimals),
      assetId: details.nativeAssetId,
    })),
  })
}

/** POST /v1/provider/transfers: a native or ERC-20 transfer the provider builds, signs and (when configured) sends. */
export const transferAction: SigningAction<CreateTransferBody, 'transfer'> = {
  kind: 'transfer',
  recordIdOf: (body) => body.transferId,
  async plan(context, body) {
    const { services, clientId, connectionId } = context
    const signer = await resolveSigner(services.db, { clientId, connectionId }, body.source)
    if (signer.chainId === null) {
      throw new GatewayError('VALIDATION_FAILED', 'Transfers are supported from EVM accounts', {
        issues: [{ path: '/source/id', message: `is on ${signer.networkId}` }],
      })
    }
    const connection = await services.sessions.activeConnection(clientId, connectionId)
    if (body.provider !== undefined && body.provider !== connection.provider) {
      throw new GatewayError('VALIDATION_FAILED', 'The provider is not the connection’s', {
        issues: [{ path: '/provider', message: `must be ${connection.provider}` }],
      })
    }
    const asset = await resolveTransferAsset(services.db, connection.provider, body.asset)
    if (asset.networkId !== signer.networkId) {
      throw new GatewayError('VALIDATION_FAILED', 'The asset is on another network than the source', {
        issues: [
          { path: '/asset', message: `is on ${asset.networkId}, the source account on ${signer.networkId}` },
        ],
      })
    }
    if (asset.decimals === null) {
      throw new GatewayError('VALIDATION_FAILED', 'The asset has no known decimals', {
        issues: [{ path: '/asset', message: 'has no decimals' }],
      })
    }
    const amountBase = toBaseUnits(body.amount, asset.decimals)
    const contractAddress = asset.onchainId
    if (contractAddress !== null && body.networkFeeAttribution === 'deduct') {
      throw new GatewayError('VALIDATION_FAILED', 'Token transfers pay their fee in the native coin', {
        issues: [{ path: '/networkFeeAttribution', message: 'must be on_top for a token transfer' }],
      })
    }
    const [network] = await services.db.select().from(networks).where(eq(networks.networkId, asset.networkId))
    const [native] = await services.db
      .select()
      .from(assets)
      .where(and(eq(assets.networkId, asset.networkId), isNull(assets.onchainId)))
    const destination = await destinationOf(context, body, signer.networkId)
    const source = await addressView(context, { accountId: signer.accountId, addressId: signer.addressId })
    const externalAsset =
      asset.externalAssets.find((external) => external.provider === connection.provider) ?? null
    const externalNetwork =
      network?.externalNetworks.find((external) => external.provider === connection.provider) ?? null
    const details: TransferDetails = {
      amountBase: amountBase.toString(),
      decimals: asset.decimals,
      nativeDecimals: native?.decimals ?? 18,
      nativeAssetId: native?.assetId ?? asset.assetId,
      contractAddress,
      destinationAddress: destination.address,
      view: {
        source: source && { wallet: source.wallet, account: source.account, address: source.address },
        asset: {
          asset: assetToApi(asset),
          network: network ? networkToApi(network) : null,
          externalAsset,
          externalNetwork,
          externalAssetId: externalAsset?.externalId ?? null,
        },
        destination: destination.view,
      },
    }
    // Prepared now, not while signing: the policies judge the network fee the transfer is signed with.
    const session = await services.sessions.sessionFor(clientId, connectionId)
    details.transaction = await session
      .prepareTransfer(transferInput(signer, details, body))
      .catch((error: unknown) => {
        throw pointingIntoBody(error, transferPointers)
      })
    return {
      action: 'signTransaction',
      signer,
      rpcRequest: decidedRequest(details.transaction, signer.address),
      presets: [],
      details,
    }
  },
  operation: 'transfer',
  async execute(session, plan, body, options) {
    const details = plan.details as TransferDetails
    const gas = decidedGas(plan.details)
    const built = await session.buildTransfer(
      { ...transferInput(plan.signer, details, body), ...(gas === undefined ? {} : { gas }) },
      options,
    )
    return isSubmitted(built) ? built : transferOutcome(details, built)
  },
  completed: (plan, _body, built) => transferOutcome(plan.details as TransferDetails, built),
  toApi(row) {
    const body = row.body as unknown as CreateTransferBody
    const details = (row.plan?.details ?? {}) as Partial<TransferDetails>
    const result = row.result ?? {}
    const view = (details.view ?? {}) as TransferDetails['view']
    return {
      transferRequestId: body.transferRequestId ?? null,
      transferId: row.requestId,
      clientId: row.clientId,
      status: row.status,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      provider: row.provider,
      connectionId: row.connectionId,
      source: view.source ?? {},
      asset: view.asset ?? {},
      destination: view.destination ?? {},
      grossAmount: (result.grossAmount as string | undefined) ?? null,
      netAmount: (result.netAmount as string | undefined) ?? null,
      customerRefId: body.customerRefId ?? null,
      idempotenceId: row.idempotenceId,
      providerSpecific: body.providerSpecific ?? null,
      memo: body.memo ?? null,
      networkFeeAttribution:
        (result.networkFeeAttribution as string | undefined) ?? body.networkFeeAttribution ?? 'on_top',
      createTransferRequest: body,
      externalId: (result.externalId as string | undefined) ?? null,
      externalStatus: (result.externalStatus as string | undefined) ?? null,
      transferStatus: row.status,
      txHash: (result.txHash as string | undefined) ?? null,
      signedTransaction: (result.signedTransaction as string | undefined) ?? null,
      fees: (result.fees as unknown[] | undefined) ?? [],
      evaluation: row.evaluation ?? null,
      approvals: row.approvals,
      failure: row.failure ? { code: row.failure.code, message: row.failure.message } : null,
    }
  },
}
