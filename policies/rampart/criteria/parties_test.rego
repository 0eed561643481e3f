package rampart.criteria.parties_test

import data.rampart.testing as t

test_source if {
	t.holds({"criterion": "checkSourceId", "args": ["treasury"]}, t.request)
	t.holds({"criterion": "checkSourceAddress", "args": [t.treasury]}, t.request)
	t.holds({"criterion": "checkSourceAccountType", "args": ["eoa"]}, t.request)
	t.holds({"criterion": "checkSourceClassification", "args": ["managed"]}, t.request)
	not t.holds({"criterion": "checkSourceId", "args": ["ops"]}, t.request)
}

test_destination_in_address_book if {
	t.holds({"criterion": "checkDestinationId", "args": ["acme"]}, t.request)
	t.holds({"criterion": "checkDestinationAddress", "args": [t.counterparty]}, t.request)
	t.holds({"criterion": "checkDestinationClassification", "args": ["counterparty"]}, t.request)
	not t.holds({"criterion": "checkDestinationClassification", "args": ["internal"]}, t.request)
	not t.holds({"criterion": "checkDestinationAccountType", "args": ["eoa"]}, t.request)
}

test_destination_unknown if {
	req := t.with_intent(object.union(t.transfer, {"recipient": t.stranger}))
	not t.holds({"criterion": "checkDestinationClassification", "args": ["counterparty", "internal", "managed", "external"]}, req)
	not t.holds({"criterion": "checkDestinationId", "args": ["acme"]}, req)
}

test_destination_of_native_transfer if {
	intent := {"type": "nativeTransfer", "chainId": 1, "from": t.treasury, "to": t.ops, "value": "1"}
	req := t.with_intent(intent)
	t.holds({"criterion": "checkDestinationAccountType", "args": ["4337"]}, req)
	t.holds({"criterion": "checkDestinationId", "args": ["ops"]}, req)
	t.holds({"criterion": "checkDestinationClassification", "args": ["managed"]}, req)
}

test_recipient_is_sender if {
	not t.holds({"criterion": "checkRecipientIsSender", "args": null}, t.request)
	to_self := object.union(t.transfer, {"recipient": t.treasury})
	t.holds({"criterion": "checkRecipientIsSender", "args": null}, t.with_intent(to_self))
	without_from := object.remove(to_self, ["from"])
	t.holds({"criterion": "checkRecipientIsSender", "args": null}, t.with_intent(without_from))
}
