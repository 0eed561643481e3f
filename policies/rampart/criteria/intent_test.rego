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
	t.holds({"criterion": "checkIntentAmount", "args": {"operator": "eq", "value": "1000000000", "unit": "base"}}, t.request)
	t.holds({"criterion": "checkIntentAmount", "args": {"operator": "lte", "value": "1000000000", "unit": "base"}}, t.request)
	not t.holds({"criterion": "checkIntentAmount", "args": {"operator": "gt", "value": "1000000000", "unit": "base"}}, t.request)
}

test_amount_in_token_units if {
	t.holds({"criterion": "checkIntentAmount", "args": {"operator": "eq", "value": "1000", "unit": "token"}}, t.request)
	t.holds({"criterion": "checkIntentAmount", "args": {"operator": "gt", "value": "999.999999", "unit": "token"}}, t.request)
	not t.holds({"criterion": "checkIntentAmount", "args": {"operator": "gt", "value": "1000.0000001", "unit": "token"}}, t.request)
}

test_amount_in_token_units_needs_known_decimals if {
	intent := object.union(t.transfer, {"token": "eip155:1/erc20:0x5555555555555555555555555555555555555555"})
	req := t.with_intent(intent)
	not t.holds({"criterion": "checkIntentAmount", "args": {"operator": "gte", "value": "0", "unit": "token"}}, req)
}

test_native_value_is_the_amount if {
	req := t.with_intent({"type": "nativeTransfer", "chainId": 1, "to": t.ops, "value": "5"})
	t.holds({"criterion": "checkIntentAmount", "args": {"operator": "lt", "value": "6", "unit": "base"}}, req)
}

test_spender if {
	intent := {"type": "erc20Approve", "chainId": 1, "token": t.usdc, "spender": t.counterparty, "amount": "1"}
	t.holds({"criterion": "checkIntentSpender", "args": [t.counterparty]}, t.with_intent(intent))
}
