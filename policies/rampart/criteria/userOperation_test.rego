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

max_uint160 := "1461501637330902918203684832716283019655932542975"

dai := "eip155:1/erc20:0x6b175474e89094c44da98b954eedeac495271d0f"

# A Permit2 batch call inside a user operation: an unlimited allowance of USDC beside a bounded one of DAI.
permit_batch_call := {
	"type": "permit2Approve", "chainId": 1, "from": t.ops, "spender": t.ops, "value": "0",
	"approvals": [
		{"token": t.usdc, "amount": max_uint160, "unlimited": true, "spender": t.ops, "expiration": "0", "nonce": "0"},
		{"token": dai, "amount": "1000", "unlimited": false, "spender": t.ops, "expiration": "0", "nonce": "0"},
	],
}

any_user_operation := {"id": "any", "then": "permit", "when": [{"criterion": "checkAction", "args": ["signUserOperation"]}]}

# As at the top level, a forbid's amount and token criteria on the calls hold when one allowance of a Permit2
# batch meets them, and a permit's only when every allowance does: no allowance hides among the others.
test_one_allowance_of_an_inner_batch_meets_a_forbid if {
	unlimited := {"id": "no-unlimited", "then": "forbid", "when": [{"criterion": "checkUserOperationIntents", "args": [
		{"criterion": "checkIntentType", "args": ["permit2Approve"]},
		{"criterion": "checkIntentAmount", "args": {"base": {"operator": "gte", "value": max_uint160}}},
	]}]}
	t.decide([unlimited, any_user_operation], user_operation([account_batch([permit_batch_call])])).decision == "Forbid"
	no_dai := {"id": "no-dai", "then": "forbid", "when": [{"criterion": "checkUserOperationIntents", "args": [{"criterion": "checkIntentToken", "args": [dai]}]}]}
	t.decide([no_dai, any_user_operation], user_operation([account_batch([permit_batch_call])])).decision == "Forbid"
	bounded := {"id": "bounded", "then": "permit", "when": [{"criterion": "checkUserOperationIntents", "args": [{"criterion": "checkIntentAmount", "args": {"base": {"operator": "lt", "value": max_uint160}}}]}]}
	t.decide([bounded], user_operation([account_batch([permit_batch_call])])).decision == "Forbid"
}

# someCall is how the evaluator files a forbid on what a call does under batches and user operations: one call
# inside, at any depth, meets every criterion; a container is no call, and a step of a swap is judged with it.
test_some_call if {
	stray := object.union(t.transfer, {"recipient": t.stranger})
	to_stranger := {"criterion": "someCall", "args": [
		{"criterion": "checkIntentType", "args": ["erc20Transfer"]},
		{"criterion": "checkDestinationAddress", "args": [t.stranger]},
	]}
	t.holds(to_stranger, user_operation([account_batch([t.transfer, stray])]))
	not t.holds(to_stranger, user_operation([account_batch([t.transfer, t.transfer])]))
	not t.holds(to_stranger, user_operation([]))
	not t.holds({"criterion": "someCall", "args": [{"criterion": "checkIntentType", "args": ["batch"]}]}, user_operation([account_batch([t.transfer])]))
}

# A forbid on a call's flags meets the batch holding that call, whatever the batch itself carries.
test_some_call_flags if {
	delegated := object.union(t.transfer, {"operation": "delegatecall", "flags": ["delegatecall"]})
	delegated_transfer := {"criterion": "someCall", "args": [
		{"criterion": "checkIntentType", "args": ["erc20Transfer"]},
		{"criterion": "checkIntentFlags", "args": ["delegatecall"]},
	]}
	t.holds(delegated_transfer, user_operation([account_batch([t.transfer, delegated])]))
	not t.holds(delegated_transfer, user_operation([account_batch([t.transfer, t.transfer])]))
	flagged := {"criterion": "checkUserOperationIntents", "args": [{"criterion": "checkIntentFlags", "args": ["delegatecall"]}]}
	t.holds(flagged, user_operation([account_batch([delegated])]))
	not t.holds(flagged, user_operation([account_batch([t.transfer, delegated])]))
}

# The EntryPoint known to the organization: an address-book entry on the intent's chain, or an organization account.
with_entrypoint_known(book, accounts) := {
	"addressBook": object.union(t.entities.addressBook, book),
	"accountsByAddress": object.union(t.entities.accountsByAddress, accounts),
	"accounts": object.union(t.entities.accounts, {"c": {"entrypoint-account": {"id": "entrypoint-account", "address": entrypoint, "chainId": 1, "accountType": "eoa", "groups": {}}}}),
}

holds_with(criterion, entities, req) if {
	d := data.rampart.main.report with input as t.indexed(req)
		with data.entities as object.union(t.entities, entities)
		with data.sets as {"org": t.set([{"id": "p", "then": "permit", "when": [criterion]}])}
	d.decision == "Permit"
}

test_entrypoint_classification if {
	book := with_entrypoint_known({entrypoint: [{"chainId": 1, "id": "ep-v07", "classification": "internal"}]}, {})
	holds_with({"criterion": "checkEntryPointClassification", "args": ["internal"]}, book, user_operation([t.transfer]))
	not holds_with({"criterion": "checkEntryPointClassification", "args": ["counterparty"]}, book, user_operation([t.transfer]))

	# Known on another chain only: unknown here.
	elsewhere := with_entrypoint_known({entrypoint: [{"chainId": 10, "id": "ep-v07", "classification": "internal"}]}, {})
	not holds_with({"criterion": "checkEntryPointClassification", "args": ["internal"]}, elsewhere, user_operation([t.transfer]))

	# Unknown to the entities: no classification holds.
	not t.holds({"criterion": "checkEntryPointClassification", "args": ["external", "counterparty", "internal", "managed"]}, user_operation([t.transfer]))
}

test_entrypoint_id if {
	book := with_entrypoint_known({entrypoint: [{"chainId": 1, "id": "ep-v07", "classification": "internal"}]}, {})
	holds_with({"criterion": "checkEntryPointId", "args": ["ep-v07"]}, book, user_operation([t.transfer]))
	not holds_with({"criterion": "checkEntryPointId", "args": ["acme"]}, book, user_operation([t.transfer]))
	not t.holds({"criterion": "checkEntryPointId", "args": ["ep-v07"]}, user_operation([t.transfer]))
}

test_entrypoint_as_an_organization_account if {
	account := with_entrypoint_known({}, {"2": {entrypoint: [{"chainId": 1, "id": "entrypoint-account", "shard": "c"}]}})
	holds_with({"criterion": "checkEntryPointAccountType", "args": ["eoa"]}, account, user_operation([t.transfer]))
	not holds_with({"criterion": "checkEntryPointAccountType", "args": ["4337"]}, account, user_operation([t.transfer]))
	holds_with({"criterion": "checkEntryPointId", "args": ["entrypoint-account"]}, account, user_operation([t.transfer]))
	holds_with({"criterion": "checkEntryPointClassification", "args": ["managed"]}, account, user_operation([t.transfer]))
	not t.holds({"criterion": "checkEntryPointAccountType", "args": ["eoa", "4337"]}, user_operation([t.transfer]))
}

test_entrypoint_criteria_need_an_entrypoint if {
	book := with_entrypoint_known({entrypoint: [{"chainId": 1, "id": "ep-v07", "classification": "internal"}]}, {})
	not holds_with({"criterion": "checkEntryPointClassification", "args": ["internal"]}, book, t.request)
	not holds_with({"criterion": "checkEntryPointId", "args": ["ep-v07"]}, book, t.request)
}

# Conditions grouped per call type: native transfers up to 5 ETH, or USDC transfers up to 2,000 USDC; any other call
# meets neither set.
eth := "eip155:1/slip44:60"

native_call(wei) := {"type": "nativeTransfer", "chainId": 1, "from": t.ops, "to": t.counterparty, "value": wei, "token": eth, "amount": wei, "recipient": t.counterparty}

usdc_call(amount) := object.union(t.transfer, {"from": t.ops, "amount": amount})

per_call_type := {"criterion": "checkUserOperationIntents", "args": {"anyOf": [
	{"types": ["nativeTransfer"], "when": [{"criterion": "checkIntentAmount", "args": {"base": {"operator": "lte", "value": "5000000000000000000"}}}]},
	{"types": ["erc20Transfer"], "when": [
		{"criterion": "checkIntentToken", "args": [t.usdc]},
		{"criterion": "checkIntentAmount", "args": {"byToken": {t.usdc: {"operator": "lte", "value": "2000000000"}}}},
	]},
]}}

test_each_call_meets_one_condition_set if {
	t.holds(per_call_type, user_operation([account_batch([native_call("5000000000000000000"), usdc_call("2000000000")])]))
	t.holds(per_call_type, user_operation([account_batch([usdc_call("1")])]))
	t.holds(per_call_type, user_operation([native_call("1")]))
}

test_a_call_beyond_its_set_fails if {
	not t.holds(per_call_type, user_operation([account_batch([native_call("5000000000000000001"), usdc_call("1")])]))
	not t.holds(per_call_type, user_operation([account_batch([native_call("1"), usdc_call("2000000001")])]))
	dai_call := object.union(t.transfer, {"token": dai, "amount": "1"})
	not t.holds(per_call_type, user_operation([account_batch([dai_call])]))
}

test_any_other_call_type_fails if {
	approve := {"type": "erc20Approve", "chainId": 1, "from": t.ops, "token": t.usdc, "amount": "1", "spender": t.stranger}
	not t.holds(per_call_type, user_operation([account_batch([native_call("1"), approve])]))
	not t.holds(per_call_type, user_operation([]))
	not t.holds(per_call_type, user_operation([account_batch([])]))
}

test_a_condition_set_without_criteria_takes_its_types if {
	any_native := {"criterion": "checkUserOperationIntents", "args": {"anyOf": [{"types": ["nativeTransfer"], "when": []}]}}
	t.holds(any_native, user_operation([native_call("100000000000000000000")]))
	not t.holds(any_native, user_operation([usdc_call("1")]))
}

# In a forbid, one allowance of a Permit2 batch call meets an amount condition of a set, as with a list.
test_condition_sets_in_a_forbid if {
	forbid_unlimited := {"id": "no-unlimited", "then": "forbid", "when": [{"criterion": "checkUserOperationIntents", "args": {"anyOf": [
		{"types": ["permit2Approve"], "when": [{"criterion": "checkIntentAmount", "args": {"base": {"operator": "eq", "value": max_uint160}}}]},
		{"types": ["nativeTransfer"]},
	]}}]}
	t.decide([any_user_operation, forbid_unlimited], user_operation([account_batch([permit_batch_call])])).decision == "Forbid"
	t.decide([any_user_operation, forbid_unlimited], user_operation([account_batch([usdc_call("1")])])).decision == "Permit"
}
