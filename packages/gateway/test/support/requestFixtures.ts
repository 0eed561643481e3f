import { readFileSync } from 'node:fs'

/** A file of fixtures/requests/, parsed: the requests tests and benches send, and the organization they come from. */
export const requestFixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../../fixtures/requests/${name}`, import.meta.url), 'utf8'))

/** The account that sends the USDT transfer of erc20-transfer-usdt.json, for an organization to hold. */
export const usdtSender = () => ({
  id: 'usdt-sender',
  address: '0x0f1beb71c67fd219495f9400c06a6245b2db4831',
  accountType: 'eoa' as const,
  chainId: 1,
})
