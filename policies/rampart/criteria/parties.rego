# Criteria on the parties of the request: the source (sender) and the destination (receiver).
# Destination criteria also apply to the inner intents of a user operation, so they take the intent.
package rampart.criteria

import data.rampart.context as ctx

parties_fails contains [set, c.p] if {
	some set, bucket in ctx.buckets
	some c in bucket.checkSourceId
	not source_id(c.a, ctx.request_intent)
}

parties_fails contains [set, c.p] if {
	some set, bucket in ctx.buckets
	some c in bucket.checkSourceAddress
	not source_address(c.a, ctx.request_intent)
}

parties_fails contains [set, c.p] if {
	some set, bucket in ctx.buckets
	some c in bucket.checkSourceAccountType
	not source_account_type(c.a, ctx.request_intent)
}

parties_fails contains [set, c.p] if {
	some set, bucket in ctx.buckets
	some c in bucket.checkSourceClassification
	not source_classification(c.a, ctx.request_intent)
}

parties_fails contains [set, c.p] if {
	some set, bucket in ctx.buckets
	some c in bucket.checkDestinationId
	not destination_id(c.a, ctx.request_intent)
}

parties_fails contains [set, c.p] if {
	some set, bucket in ctx.buckets
	some c in bucket.checkDestinationAddress
	not destination_address(c.a, ctx.request_intent)
}

parties_fails contains [set, c.p] if {
	some set, bucket in ctx.buckets
	some c in bucket.checkDestinationAccountType
	not destination_account_type(c.a, ctx.request_intent)
}

parties_fails contains [set, c.p] if {
	some set, bucket in ctx.buckets
	some c in bucket.checkDestinationClassification
	not destination_classification(c.a, ctx.request_intent)
}

parties_fails contains [set, c.p] if {
	some set, bucket in ctx.buckets
	some c in bucket.checkRecipientIsSender
	not recipient_is_sender(ctx.request_intent)
}

recipient_is_sender(intent) if ctx.destination_address(intent) == ctx.source_address(intent)

destination_id(ids, intent) if party_id(ids, intent, ctx.destination_address(intent))

destination_address(addresses, intent) if ctx.destination_address(intent) in addresses

destination_account_type(types, intent) if party_account_type(types, intent, ctx.destination_address(intent))

destination_classification(classes, intent) if party_classification(classes, intent, ctx.destination_address(intent))

party_id(ids, intent, address) if {
	some id in ctx.party_ids(ctx.intent_chain(intent), address)
	id in ids
}

party_account_type(types, intent, address) if ctx.account_at(ctx.intent_chain(intent), address).accountType in types

party_classification(classes, intent, address) if ctx.classification(ctx.intent_chain(intent), address) in classes

source_id(ids, intent) if party_id(ids, intent, ctx.source_address(intent))

source_address(addresses, intent) if ctx.source_address(intent) in addresses

source_account_type(types, intent) if party_account_type(types, intent, ctx.source_address(intent))

source_classification(classes, intent) if party_classification(classes, intent, ctx.source_address(intent))
