package rampart.context_test

import data.rampart.context as ctx
import data.rampart.testing as t

test_request_parties if {
	ctx.request_source_account.id == "treasury" with input as t.request with data.entities as t.entities
	ctx.request_destination_classification == "counterparty" with input as t.request with data.entities as t.entities
	ctx.request_destination_ids == {"acme"} with input as t.request with data.entities as t.entities
}

test_lookups_by_address_compare_the_chain if {
	ctx.address_book_entry(1, t.counterparty).id == "acme" with data.entities as t.entities
	not ctx.address_book_entry(8453, t.counterparty) with data.entities as t.entities
	ctx.account_at(1, t.ops).id == "ops" with data.entities as t.entities
	not ctx.account_at(8453, t.ops) with data.entities as t.entities
	anywhere := object.union(t.entities, {"chainlessAccounts": {"4": {t.stranger: {"id": "ops", "shard": "9"}}}})
	ctx.account_at(8453, t.stranger).id == "ops" with data.entities as anywhere
	ctx.account_at(1, t.ops).id == "ops" with data.entities as anywhere
}

test_what_is_at_an_address_is_held_in_the_shard_of_its_last_code_point if {
	# As the evaluator's addressShard picks it (libraryLayout.ts).
	ctx.address_shard("0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48") == "8"
	ctx.address_shard("addr😀") == "😀"
}
