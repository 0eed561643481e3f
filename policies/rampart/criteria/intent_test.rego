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
