package rampart.criteria.transaction_test

import data.rampart.testing as t

permit := {
	"type": "permit", "chainId": 1, "token": t.usdc, "spender": t.counterparty, "amount": "1",
	"deadline": "1700000000", "nonce": "3", "gas": {"maxFee": "2100000000000000"},
}

permit_request := t.with_intent(permit)

test_permit_deadline if {
	t.holds({"criterion": "checkPermitDeadline", "args": {"operator": "lte", "value": "1800000000"}}, permit_request)
	not t.holds({"criterion": "checkPermitDeadline", "args": {"operator": "lt", "value": "1700000000"}}, permit_request)
	not t.holds({"criterion": "checkPermitDeadline", "args": {"operator": "lte", "value": "1800000000"}}, t.request)
}

test_permit2_expiration_is_the_deadline if {
	intent := {"type": "permit2Approve", "chainId": 1, "token": t.usdc, "amount": "1", "expiration": "1700000000"}
	t.holds({"criterion": "checkPermitDeadline", "args": {"operator": "eq", "value": "1700000000"}}, t.with_intent(intent))
}

test_gas_fee if {
	t.holds({"criterion": "checkGasFeeAmount", "args": {"operator": "lt", "value": "10000000000000000"}}, permit_request)
	not t.holds({"criterion": "checkGasFeeAmount", "args": {"operator": "lt", "value": "1"}}, permit_request)
	not t.holds({"criterion": "checkGasFeeAmount", "args": {"operator": "gte", "value": "0"}}, t.request)
}

test_nonce if {
	t.holds({"criterion": "checkNonceExists", "args": null}, permit_request)
	not t.holds({"criterion": "checkNonceNotExists", "args": null}, permit_request)
	t.holds({"criterion": "checkNonceNotExists", "args": null}, t.request)
	not t.holds({"criterion": "checkNonceExists", "args": null}, t.request)
}

# A Permit2 permit bounds its signature (deadline) and its allowances (expiration, one per allowance of a batch):
# a permit needs every bound to meet the condition, and a forbid one.
permit2_single := t.with_intent({
	"type": "permit2Approve", "chainId": 1, "token": t.usdc, "amount": "1",
	"deadline": "1700000000", "expiration": "281474976710655",
})

permit2_batch := t.with_intent({
	"type": "permit2Approve", "chainId": 1, "deadline": "1700000000",
	"approvals": [
		{"token": t.usdc, "amount": "1", "expiration": "1750000000"},
		{"token": t.usdc, "amount": "2", "expiration": "281474976710655"},
	],
})

any_permit2 := {"id": "any", "then": "permit", "when": [{"criterion": "checkIntentType", "args": ["permit2Approve"]}]}

lasting := {"id": "lasting", "then": "forbid", "when": [{"criterion": "checkPermitDeadline", "args": {"operator": "gt", "value": "1800000000"}}]}

test_every_bound_of_a_permit2_permit_meets_a_permit if {
	not t.holds({"criterion": "checkPermitDeadline", "args": {"operator": "lte", "value": "1800000000"}}, permit2_single)
	not t.holds({"criterion": "checkPermitDeadline", "args": {"operator": "lte", "value": "1800000000"}}, permit2_batch)
	t.holds({"criterion": "checkPermitDeadline", "args": {"operator": "gte", "value": "1700000000"}}, permit2_batch)
}

test_one_bound_of_a_permit2_permit_meets_a_forbid if {
	t.decide([lasting, any_permit2], permit2_single).decision == "Forbid"
	t.decide([lasting, any_permit2], permit2_batch).decision == "Forbid"
	short := object.union(permit2_single, {"intent": {"expiration": "1750000000"}})
	t.decide([lasting, any_permit2], short).decision == "Permit"
}

# A gas forbid fails closed: a request that pays gas (a transaction, a user operation) without a known maximum fee
# meets it. A permit still needs the fee known, and requests that pay no gas never meet a gas criterion.
costly := {"id": "costly", "then": "forbid", "when": [{"criterion": "checkGasFeeAmount", "args": {"operator": "gt", "value": "10000000000000000"}}]}

any_request := {"id": "any", "then": "permit", "when": [{"criterion": "checkNonceNotExists"}]}

gas_permit := {"id": "cheap", "then": "permit", "when": [{"criterion": "checkGasFeeAmount", "args": {"operator": "lte", "value": "10000000000000000"}}]}

with_gas(req, gas) := object.union(req, {"intent": {"gas": gas}})

test_gas_forbid_holds_when_the_fee_is_unknown if {
	# The sample transfer carries no gas at all; a gas limit alone, or a fee per gas alone, gives no fee either.
	t.decide([costly, any_request], t.request).decision == "Forbid"
	t.decide([costly, any_request], with_gas(t.request, {"gasLimit": "21000"})).decision == "Forbid"
	t.decide([costly, any_request], with_gas(t.request, {"maxFeePerGas": "1"})).decision == "Forbid"
	operation := object.union(t.with_intent({"type": "userOperation", "chainId": 1, "intents": []}), {"action": "signUserOperation"})
	t.decide([costly, any_request], operation).decision == "Forbid"
}

# EntryPoint v0.8 has a user operation signed as typed data: the request is signTypedData, the intent the user
# operation, and it pays gas as one sent to a bundler does. Other typed data still pays none.
test_gas_forbid_holds_for_a_user_operation_signed_as_typed_data if {
	signed := object.union(t.with_intent({"type": "userOperation", "chainId": 1, "intents": []}), {"action": "signTypedData"})
	t.decide([costly, any_request], signed).decision == "Forbid"
	t.decide([costly, any_request], with_gas(signed, {"maxFee": "10000000000000000"})).decision == "Permit"
	t.decide([costly, any_request], with_gas(signed, {"maxFee": "10000000000000001"})).decision == "Forbid"
	t.decide([gas_permit], with_gas(signed, {"maxFee": "1"})).decision == "Permit"
	typed := object.union(t.with_intent({"type": "signTypedData", "chainId": 1}), {"action": "signTypedData"})
	t.decide([costly, any_request], typed).decision == "Permit"
}

test_gas_forbid_compares_a_known_fee if {
	t.decide([costly, any_request], with_gas(t.request, {"maxFee": "10000000000000000"})).decision == "Permit"
	t.decide([costly, any_request], with_gas(t.request, {"maxFee": "10000000000000001"})).decision == "Forbid"
}

test_gas_forbid_never_meets_requests_that_pay_no_gas if {
	message := object.union(t.with_intent({"type": "signMessage", "chainId": 1, "message": "hello"}), {"action": "signMessage"})
	t.decide([costly, any_request], message).decision == "Permit"
	typed := object.union(t.with_intent({"type": "permit", "chainId": 1, "token": t.usdc, "amount": "1"}), {"action": "signTypedData"})
	t.decide([costly, any_request], typed).decision == "Permit"
	raw := object.union(object.remove(t.request, ["intent"]), {"action": "signRaw", "payload": "0xdeadbeef"})
	t.decide([costly, any_request], raw).decision == "Permit"
}

test_gas_permit_needs_the_fee_known if {
	t.decide([gas_permit], t.request).decision == "Forbid"
	t.decide([gas_permit], with_gas(t.request, {"maxFee": "1"})).decision == "Permit"
}

test_a_forbid_by_unknown_fee_says_so if {
	unknown := t.decide([costly, any_request], t.request)
	unknown.heldCriteria == [object.union(costly.when[0], {"unknown": true})]
	known := t.decide([costly, any_request], with_gas(t.request, {"maxFee": "10000000000000001"}))
	known.heldCriteria == costly.when
}
