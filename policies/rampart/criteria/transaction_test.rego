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
