package rampart.criteria.intent_test

import data.rampart.testing as t

test_type_chain_contract_token_signature if {
	t.holds({"criterion": "checkIntentType", "args": ["erc20Transfer"]}, t.request)
	not t.holds({"criterion": "checkIntentType", "args": ["erc20Approve"]}, t.request)
	t.holds({"criterion": "checkIntentChainId", "args": [1, 10]}, t.request)
	not t.holds({"criterion": "checkIntentChainId", "args": [137]}, t.request)
	t.holds({"criterion": "checkIntentContract", "args": [t.transfer.contract]}, t.request)
	t.holds({"criterion": "checkIntentToken", "args": [t.usdc]}, t.request)
	not t.holds({"criterion": "checkIntentToken", "args": ["eip155:1/slip44:60"]}, t.request)
	t.holds({"criterion": "checkIntentHexSignature", "args": ["0xa9059cbb"]}, t.request)
	not t.holds({"criterion": "checkIntentSpender", "args": [t.ops]}, t.request)
}

test_amount_in_base_units if {
	t.holds({"criterion": "checkIntentAmount", "args": {"base": {"operator": "eq", "value": "1000000000"}}}, t.request)
	t.holds({"criterion": "checkIntentAmount", "args": {"base": {"operator": "lte", "value": "1000000000"}}}, t.request)
	not t.holds({"criterion": "checkIntentAmount", "args": {"base": {"operator": "gt", "value": "1000000000"}}}, t.request)
}

# The evaluator states token-unit conditions in base units, per token: 1000 USDC is 1000000000.
by_token(operator, value) := {"byToken": {t.usdc: {"operator": operator, "value": value}}}

test_amount_in_token_units if {
	t.holds({"criterion": "checkIntentAmount", "args": by_token("eq", "1000000000")}, t.request)
	t.holds({"criterion": "checkIntentAmount", "args": by_token("gt", "999999999")}, t.request)
	not t.holds({"criterion": "checkIntentAmount", "args": by_token("gt", "1000000000")}, t.request)
}

# A condition in a currency names its statement in input.fiat, which the evaluator computes at the request's
# prices: "<= 1000 USD" at 1 USD per USDC is <= 1000000000 base units.
fiat_args := {"fiat": "fiat:usd lte 1000", "currency": "fiat:usd", "operator": "lte", "value": "1000"}

with_fiat(req, byToken) := object.union(req, {"fiat": {"fiat:usd lte 1000": {"byToken": byToken}}})

test_amount_in_a_currency_reads_its_statement if {
	t.holds({"criterion": "checkIntentAmount", "args": fiat_args}, with_fiat(t.request, {t.usdc: {"operator": "lte", "value": "1000000000"}}))
	not t.holds({"criterion": "checkIntentAmount", "args": fiat_args}, with_fiat(t.request, {t.usdc: {"operator": "lte", "value": "999999999"}}))
}

test_amount_in_a_currency_without_its_statement_never_holds if {
	not t.holds({"criterion": "checkIntentAmount", "args": fiat_args}, t.request)
	not t.holds({"criterion": "checkIntentAmount", "args": fiat_args}, with_fiat(t.request, {}))
}

test_amount_in_token_units_needs_a_known_token if {
	intent := object.union(t.transfer, {"token": "eip155:1/erc20:0x5555555555555555555555555555555555555555"})
	args := {"byToken": {t.usdc: {"operator": "gte", "value": "0"}}}
	not t.holds({"criterion": "checkIntentAmount", "args": args}, t.with_intent(intent))
}

test_native_value_is_the_amount if {
	req := t.with_intent({"type": "nativeTransfer", "chainId": 1, "to": t.ops, "value": "5"})
	t.holds({"criterion": "checkIntentAmount", "args": {"base": {"operator": "lt", "value": "6"}}}, req)
	t.holds({"criterion": "checkIntentAmount", "args": {"native": {"operator": "eq", "value": "5"}}}, req)
	native := t.with_intent({"type": "nativeTransfer", "chainId": 1, "to": t.ops, "value": "5", "token": "eip155:1/slip44:60"})
	t.holds({"criterion": "checkIntentAmount", "args": {"native": {"operator": "eq", "value": "5"}}}, native)
	not t.holds({"criterion": "checkIntentAmount", "args": {"native": {"operator": "eq", "value": "5"}}}, t.request)
}

test_spender if {
	intent := {"type": "erc20Approve", "chainId": 1, "token": t.usdc, "spender": t.counterparty, "amount": "1"}
	t.holds({"criterion": "checkIntentSpender", "args": [t.counterparty]}, t.with_intent(intent))
}

max_uint160 := "1461501637330902918203684832716283019655932542975"

dai := "eip155:1/erc20:0x6b175474e89094c44da98b954eedeac495271d0f"

# A Permit2 batch as its calldata form decodes: an unlimited allowance of USDC and 1000 base units of DAI, no single
# token or amount, and the call's value.
permit_batch := t.with_intent({
	"type": "permit2Approve", "chainId": 1, "spender": t.ops, "value": "0",
	"approvals": [
		{"token": t.usdc, "amount": max_uint160, "unlimited": true, "spender": t.ops, "expiration": "0", "nonce": "0"},
		{"token": dai, "amount": "1000", "unlimited": false, "spender": t.ops, "expiration": "0", "nonce": "0"},
	],
})

test_a_permit_needs_every_allowance_of_a_batch if {
	not t.holds({"criterion": "checkIntentAmount", "args": {"base": {"operator": "lt", "value": max_uint160}}}, permit_batch)
	t.holds({"criterion": "checkIntentAmount", "args": {"base": {"operator": "lte", "value": max_uint160}}}, permit_batch)

	# The call's value is not the amount of a batch.
	not t.holds({"criterion": "checkIntentAmount", "args": {"base": {"operator": "eq", "value": "0"}}}, permit_batch)
	t.holds({"criterion": "checkIntentToken", "args": [t.usdc, dai]}, permit_batch)
	not t.holds({"criterion": "checkIntentToken", "args": [dai]}, permit_batch)
}

any_permit2_approval := {"id": "permit2", "then": "permit", "when": [{"criterion": "checkIntentType", "args": ["permit2Approve"]}]}

test_one_allowance_of_a_batch_meets_a_forbid if {
	unlimited := {"id": "no-unlimited", "then": "forbid", "when": [{"criterion": "checkIntentAmount", "args": {"base": {"operator": "gte", "value": max_uint160}}}]}
	t.decide([unlimited, any_permit2_approval], permit_batch).decision == "Forbid"
	no_dai := {"id": "no-dai", "then": "forbid", "when": [{"criterion": "checkIntentToken", "args": [dai]}]}
	t.decide([no_dai, any_permit2_approval], permit_batch).decision == "Forbid"
	no_weth := {"id": "no-weth", "then": "forbid", "when": [{"criterion": "checkIntentToken", "args": ["eip155:1/erc20:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2"]}]}
	t.decide([no_weth, any_permit2_approval], permit_batch).decision == "Permit"
}

test_a_forbid_on_one_allowance_still_judges_a_single_intent if {
	over := {"id": "over", "then": "forbid", "when": [{"criterion": "checkIntentAmount", "args": {"base": {"operator": "gt", "value": "999999999"}}}]}
	t.decide([over], t.request).decision == "Forbid"
	no_usdc := {"id": "no-usdc", "then": "forbid", "when": [{"criterion": "checkIntentToken", "args": [t.usdc]}]}
	t.decide([no_usdc], t.request).decision == "Forbid"
	under := {"id": "under", "then": "forbid", "when": [{"criterion": "checkIntentAmount", "args": {"base": {"operator": "lt", "value": "1000"}}}]}
	any := {"id": "any", "then": "permit", "when": [{"criterion": "checkIntentType", "args": ["erc20Transfer"]}]}
	t.decide([under, any], t.request).decision == "Permit"
}

# A Permit2 batch signature transfer lets the spender move several tokens once: each transfer is judged.
batch_transfer := t.with_intent({
	"type": "permit2Transfer", "chainId": 1, "spender": t.ops, "deadline": "1700000000",
	"transfers": [{"token": t.usdc, "amount": "5000000"}, {"token": dai, "amount": "1000"}],
})

test_each_transfer_of_a_permit2_batch_transfer if {
	not t.holds({"criterion": "checkIntentAmount", "args": {"base": {"operator": "lte", "value": "1000000"}}}, batch_transfer)
	t.holds({"criterion": "checkIntentAmount", "args": {"base": {"operator": "lte", "value": "5000000"}}}, batch_transfer)
	t.holds({"criterion": "checkIntentToken", "args": [t.usdc, dai]}, batch_transfer)
	not t.holds({"criterion": "checkIntentToken", "args": [t.usdc]}, batch_transfer)
	large := {"id": "large", "then": "forbid", "when": [{"criterion": "checkIntentAmount", "args": {"base": {"operator": "gt", "value": "1000000"}}}]}
	any := {"id": "any", "then": "permit", "when": [{"criterion": "checkIntentType", "args": ["permit2Transfer"]}]}
	t.decide([large, any], batch_transfer).decision == "Forbid"
}

# An ERC-1155 batch transfer, even of one, moves only what its transfers list (the call sends no value): each is judged.
erc1155_batch_of_one := t.with_intent({
	"type": "erc1155BatchTransfer", "chainId": 1, "value": "0",
	"token": "eip155:1/erc1155:0xc464839b6287e90a514a577f6da17b3f3f202671",
	"transfers": [{"token": "eip155:1/erc1155:0xc464839b6287e90a514a577f6da17b3f3f202671/1", "tokenId": "1", "amount": "40"}],
})

test_each_transfer_of_an_erc1155_batch_transfer if {
	not t.holds({"criterion": "checkIntentAmount", "args": {"base": {"operator": "lte", "value": "10"}}}, erc1155_batch_of_one)
	t.holds({"criterion": "checkIntentAmount", "args": {"base": {"operator": "lte", "value": "40"}}}, erc1155_batch_of_one)
	many := {"id": "many", "then": "forbid", "when": [{"criterion": "checkIntentAmount", "args": {"base": {"operator": "gt", "value": "10"}}}]}
	any := {"id": "any", "then": "permit", "when": [{"criterion": "checkIntentType", "args": ["erc1155BatchTransfer"]}]}
	t.decide([many, any], erc1155_batch_of_one).decision == "Forbid"
}

# checkIntentFlags holds when the intent carries one of the listed warning flags.
test_intent_flags if {
	order := t.with_intent({"type": "seaportOrder", "chainId": 1, "flags": ["zeroConsideration"]})
	t.holds({"criterion": "checkIntentFlags", "args": ["delegatecall", "zeroConsideration"]}, order)
	not t.holds({"criterion": "checkIntentFlags", "args": ["delegatecall"]}, order)
	not t.holds({"criterion": "checkIntentFlags", "args": ["zeroConsideration"]}, t.request)
}
