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
	anywhere := object.union(t.entities, {"chainlessAccounts": {t.stranger: "ops"}})
	ctx.account_at(8453, t.stranger).id == "ops" with data.entities as anywhere
	ctx.account_at(1, t.ops).id == "ops" with data.entities as anywhere
}
