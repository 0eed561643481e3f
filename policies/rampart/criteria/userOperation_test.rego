package rampart.criteria.user_operation_test

import data.rampart.testing as t

entrypoint := "0x0000000071727de22e5e9d8baf0edac6f37da032"

user_operation(inner) := object.union(t.with_intent({"type": "userOperation", "chainId": 1, "from": t.ops, "entrypoint": entrypoint, "intents": inner}), {"action": "signUserOperation", "resource": "ops"})

only_usdc_to_counterparty := [
	{"criterion": "checkIntentType", "args": ["erc20Transfer"]},
	{"criterion": "checkIntentToken", "args": [t.usdc]},
	{"criterion": "checkDestinationClassification", "args": ["counterparty"]},
	{"criterion": "checkIntentAmount", "args": {"byToken": {t.usdc: {"operator": "lte", "value": "5000000000"}}}},
]

test_entrypoint if {
	t.holds({"criterion": "checkEntryPointAddress", "args": [entrypoint]}, user_operation([t.transfer]))
	not t.holds({"criterion": "checkEntryPointAddress", "args": [t.ops]}, user_operation([t.transfer]))
}

test_every_inner_intent_must_hold if {
	t.holds({"criterion": "checkUserOperationIntents", "args": only_usdc_to_counterparty}, user_operation([t.transfer, t.transfer]))
	stray := object.union(t.transfer, {"recipient": t.stranger})
	not t.holds({"criterion": "checkUserOperationIntents", "args": only_usdc_to_counterparty}, user_operation([t.transfer, stray]))
}

test_empty_batch_never_passes if {
	not t.holds({"criterion": "checkUserOperationIntents", "args": [{"criterion": "checkIntentType", "args": ["erc20Transfer"]}]}, user_operation([]))
}

test_inner_recipient_is_sender if {
	swap := {"type": "swap", "chainId": 1, "from": t.ops, "token": t.usdc, "amount": "1", "recipient": t.ops}
	t.holds({"criterion": "checkUserOperationIntents", "args": [{"criterion": "checkRecipientIsSender", "args": null}]}, user_operation([swap]))
	stray := object.union(swap, {"recipient": t.stranger})
	not t.holds({"criterion": "checkUserOperationIntents", "args": [{"criterion": "checkRecipientIsSender", "args": null}]}, user_operation([swap, stray]))
}

# A decoded user operation wraps its calls in the account's own batch (execute, executeBatch), and a handleOps
# transaction wraps user operations: the inner intents a policy speaks of are the calls, at any depth.
account_batch(calls) := {"type": "batch", "chainId": 1, "from": entrypoint, "to": t.ops, "value": "0", "intents": calls}

test_inner_intents_are_the_calls_of_the_account_batch if {
	t.holds({"criterion": "checkUserOperationIntents", "args": only_usdc_to_counterparty}, user_operation([account_batch([t.transfer, t.transfer])]))
	stray := object.union(t.transfer, {"recipient": t.stranger})
	not t.holds({"criterion": "checkUserOperationIntents", "args": only_usdc_to_counterparty}, user_operation([account_batch([t.transfer, stray])]))
}

test_inner_intents_at_any_depth if {
	handle_ops := object.union(
		t.with_intent({"type": "batch", "chainId": 1, "from": t.ops, "entrypoint": entrypoint, "intents": [
			{"type": "userOperation", "chainId": 1, "from": t.ops, "entrypoint": entrypoint, "intents": [account_batch([t.transfer])]},
			{"type": "userOperation", "chainId": 1, "from": t.ops, "entrypoint": entrypoint, "intents": [account_batch([t.transfer, t.transfer])]},
		]}),
		{"resource": "ops"},
	)
	t.holds({"criterion": "checkUserOperationIntents", "args": only_usdc_to_counterparty}, handle_ops)
}

test_an_empty_batch_inside_never_passes if {
	not t.holds({"criterion": "checkUserOperationIntents", "args": only_usdc_to_counterparty}, user_operation([account_batch([])]))
	not t.holds({"criterion": "checkUserOperationIntents", "args": only_usdc_to_counterparty}, user_operation([account_batch([t.transfer]), account_batch([])]))
}

# A swap is one call that sums up its steps (a Permit2 approval, the swap): it is judged as a whole.
test_a_swap_is_judged_as_a_whole if {
	swap := {"type": "swap", "chainId": 1, "from": t.ops, "token": t.usdc, "amount": "1", "recipient": t.ops, "intents": [
		{"type": "permit2Approve", "chainId": 1, "from": t.ops},
		{"type": "swap", "chainId": 1, "from": t.ops, "token": t.usdc, "amount": "1", "recipient": t.ops},
	]}
	t.holds({"criterion": "checkUserOperationIntents", "args": [{"criterion": "checkIntentType", "args": ["swap"]}]}, user_operation([account_batch([swap])]))
}
