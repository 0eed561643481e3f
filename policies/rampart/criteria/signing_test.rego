package rampart.criteria.signing_test

import data.rampart.testing as t

message_request := {
	"action": "signMessage", "principal": "bob", "resource": "treasury", "sets": ["org"],
	"intent": {"type": "signMessage", "chainId": 1, "message": "Sign in to Acme", "messageHex": "0x5369676e20696e20746f2041636d65"},
}

test_message_equals_and_contains if {
	t.holds({"criterion": "checkIntentMessage", "args": {"operator": "equals", "value": "Sign in to Acme"}}, message_request)
	t.holds({"criterion": "checkIntentMessage", "args": {"operator": "contains", "value": "Acme"}}, message_request)
	not t.holds({"criterion": "checkIntentMessage", "args": {"operator": "equals", "value": "Sign in"}}, message_request)
	not t.holds({"criterion": "checkIntentMessage", "args": {"operator": "contains", "value": "Evil"}}, message_request)
}

test_payload_and_algorithm if {
	raw := {"action": "signRaw", "principal": "bob", "resource": "treasury", "sets": ["org"], "payload": "0xDEADBEEF", "algorithm": "secp256k1_ecdsa"}
	t.holds({"criterion": "checkIntentPayload", "args": {"operator": "equals", "value": "0xdeadbeef"}}, raw)
	t.holds({"criterion": "checkIntentPayload", "args": {"operator": "contains", "value": "beef"}}, raw)
	t.holds({"criterion": "checkIntentAlgorithm", "args": ["secp256k1_ecdsa"]}, raw)
	not t.holds({"criterion": "checkIntentAlgorithm", "args": ["ed25519"]}, raw)
	t.holds({"criterion": "checkIntentPayload", "args": {"operator": "contains", "value": "41636d65"}}, message_request)
}

contains_payload(value) := {"criterion": "checkIntentPayload", "args": {"operator": "contains", "value": value}}

test_payload_contains_whole_bytes if {
	raw := {"action": "signRaw", "principal": "bob", "resource": "treasury", "sets": ["org"], "payload": "0x0DEADBEEF0"}

	# The digits deadbeef are there, but across bytes (0d ea db ee f0).
	not t.holds(contains_payload("deadbeef"), raw)
	not t.holds(contains_payload("adbe"), raw)
	t.holds(contains_payload("eadbee"), raw)
	t.holds(contains_payload("0x0dea"), raw)
	t.holds(contains_payload(""), raw)

	# An odd number of digits is no whole bytes.
	not t.holds(contains_payload("dea"), raw)

	# A match after a straddling one, and in a payload of one repeated digit.
	t.holds(contains_payload("aaaa"), object.union(raw, {"payload": "0x0aaaaaaa"}))
	not t.holds(contains_payload("aaaa"), object.union(raw, {"payload": "0x0aaaa0"}))

	# A payload with an odd number of digits is read by whole bytes from its start.
	t.holds(contains_payload("beef"), object.union(raw, {"payload": "0xdeadbeef0"}))
}

typed_request := {
	"action": "signTypedData", "principal": "bob", "resource": "treasury", "sets": ["org"],
	"intent": {"type": "signTypedData", "chainId": 1, "typedData": {
		"primaryType": "Order",
		"domain": {"name": "Seaport", "version": "1.6", "chainId": "1", "verifyingContract": "0x0000000000000068F116a894984e2DB1123eB395"},
		"message": {"offerer": "0x1111111111111111111111111111111111111111", "zoneHash": "0x00", "counter": 0},
	}},
}

test_typed_data_domain if {
	t.holds({"criterion": "checkIntentDomain", "args": {"name": ["Seaport"], "chainId": [1], "verifyingContract": ["0x0000000000000068f116a894984e2db1123eb395"]}}, typed_request)
	not t.holds({"criterion": "checkIntentDomain", "args": {"name": ["Permit2"]}}, typed_request)
	not t.holds({"criterion": "checkIntentDomain", "args": {"chainId": [10]}}, typed_request)
}

test_typed_data_message if {
	t.holds({"criterion": "checkIntentTypedDataMessage", "args": [{"key": "offerer", "value": t.treasury}, {"key": "counter", "value": 0}]}, typed_request)
	not t.holds({"criterion": "checkIntentTypedDataMessage", "args": [{"key": "offerer", "value": t.ops}]}, typed_request)
	not t.holds({"criterion": "checkIntentTypedDataMessage", "args": [{"key": "missing", "value": "x"}]}, typed_request)
}

# EIP-712 lets a uint256 be written as a JSON number, a decimal string or a hex string. The decoder reads the
# domain's chainId into the intent's chainId; a hex chain id must not slip past a condition on it.
test_typed_data_domain_chain_id_in_hex if {
	hex := json.patch(typed_request, [{"op": "replace", "path": "/intent/typedData/domain/chainId", "value": "0x1"}])
	t.holds({"criterion": "checkIntentDomain", "args": {"chainId": [1]}}, hex)
	not t.holds({"criterion": "checkIntentDomain", "args": {"chainId": [10]}}, hex)
	number := json.patch(typed_request, [{"op": "replace", "path": "/intent/typedData/domain/chainId", "value": 1}])
	t.holds({"criterion": "checkIntentDomain", "args": {"chainId": [1]}}, number)
	none := json.patch(typed_request, [{"op": "remove", "path": "/intent/typedData/domain/chainId"}])
	not t.holds({"criterion": "checkIntentDomain", "args": {"chainId": [1]}}, none)
}

# An integer compares by value whether the message or the policy writes it as a number or a decimal string.
test_typed_data_message_integers_as_numbers_or_decimal_strings if {
	as_string := json.patch(typed_request, [{"op": "replace", "path": "/intent/typedData/message/counter", "value": "1000"}])
	t.holds({"criterion": "checkIntentTypedDataMessage", "args": [{"key": "counter", "value": 1000}]}, as_string)
	t.holds({"criterion": "checkIntentTypedDataMessage", "args": [{"key": "counter", "value": "1000"}]}, as_string)
	not t.holds({"criterion": "checkIntentTypedDataMessage", "args": [{"key": "counter", "value": 100}]}, as_string)
	as_number := json.patch(typed_request, [{"op": "replace", "path": "/intent/typedData/message/counter", "value": 1000}])
	t.holds({"criterion": "checkIntentTypedDataMessage", "args": [{"key": "counter", "value": "1000"}]}, as_number)
	not t.holds({"criterion": "checkIntentTypedDataMessage", "args": [{"key": "counter", "value": "0100"}]}, as_number)
	not t.holds({"criterion": "checkIntentTypedDataMessage", "args": [{"key": "counter", "value": "1000.5"}]}, as_number)
	t.holds({"criterion": "checkIntentTypedDataMessage", "args": [{"key": "offerer", "value": t.treasury}, {"key": "counter", "value": 0}]}, typed_request)
	not t.holds({"criterion": "checkIntentTypedDataMessage", "args": [{"key": "counter", "value": false}]}, typed_request)
}

# equals, like contains, reads the hex with or without 0x: a forbid written without it still meets the payload.
test_payload_equals_with_or_without_0x if {
	raw := {"action": "signRaw", "principal": "bob", "resource": "treasury", "sets": ["org"], "payload": "0xDEADBEEF"}
	t.holds({"criterion": "checkIntentPayload", "args": {"operator": "equals", "value": "deadbeef"}}, raw)
	bare := object.union(raw, {"payload": "DEADBEEF"})
	t.holds({"criterion": "checkIntentPayload", "args": {"operator": "equals", "value": "0xdeadbeef"}}, bare)
	t.holds({"criterion": "checkIntentPayload", "args": {"operator": "equals", "value": "deadbeef"}}, bare)
	not t.holds({"criterion": "checkIntentPayload", "args": {"operator": "equals", "value": "0xdeadbee"}}, raw)
	t.holds({"criterion": "checkIntentPayload", "args": {"operator": "equals", "value": "5369676e20696e20746f2041636d65"}}, message_request)
}
