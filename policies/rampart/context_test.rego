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
		"*": {"*": bucket("anyone")},
		"group:treasury-team": {"*": bucket("treasury")},
		"user:bob": {"*": bucket("bob")},
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

test_resource_scopes if {
	ctx.resource_scopes with input as t.request with data.entities as t.entities == {"*", "account:treasury", "accountGroup:cold", "chain:1"}
	ctx.resource_scopes with input as object.remove(t.request, ["resource", "intent"]) with data.entities as t.entities == {"*"}
	ctx.resource_scopes with input as t.with_intent(object.union(t.transfer, {"chainId": 1.5})) with data.entities as t.entities == {"*", "account:treasury", "accountGroup:cold"}
}

test_buckets_follow_the_resource_scopes if {
	index := {"signTransaction": {"erc20Transfer": {"*": {
		"*": bucket("anything"),
		"accountGroup:cold": bucket("cold"),
		"accountGroup:hot": bucket("hot"),
		"account:ops": bucket("ops"),
		"chain:1": bucket("mainnet"),
		"chain:8453": bucket("base"),
	}}}}
	buckets := ctx.buckets with input as t.request
		with data.entities as t.entities
		with data.sets as {"org": {"policies": [], "index": index}}
	{b.candidates[0] | some b in buckets} == {"anything", "cold", "mainnet"}
}
