package rampart.context_test

import data.rampart.context as ctx
import data.rampart.testing as t

test_scopes_of_a_user if {
	scopes := ctx.scopes with input as object.union(t.request, {"principal": "carol"}) with data.entities as t.entities
	scopes == {"*", "user:carol", "role:member", "group:treasury-team"}
}

test_scopes_of_a_credential_and_of_a_stranger if {
	ctx.scopes with input as object.union(t.request, {"principal": "alice-key"}) with data.entities as t.entities == {"*", "user:alice", "role:admin", "group:treasury-team"}
	ctx.scopes with input as object.union(t.request, {"principal": "mallory"}) with data.entities as t.entities == {"*"}
}

bucket(name) := {"set": "org", "candidates": [name]}

test_buckets_follow_the_scopes if {
	index := {"signTransaction": {"erc20Transfer": {
		"*": bucket("anyone"),
		"group:treasury-team": bucket("treasury"),
		"user:bob": bucket("bob"),
	}}}
	buckets := ctx.buckets with input as object.union(t.request, {"principal": "carol"})
		with data.entities as t.entities
		with data.sets as {"org": {"policies": [], "index": index}}
	{b.candidates[0] | some b in buckets} == {"anyone", "treasury"}
}

test_request_parties if {
	ctx.request_source_account.id == "treasury" with input as t.request with data.entities as t.entities
	ctx.request_destination_classification == "counterparty" with input as t.request with data.entities as t.entities
	ctx.request_destination_ids == {"acme"} with input as t.request with data.entities as t.entities
}
