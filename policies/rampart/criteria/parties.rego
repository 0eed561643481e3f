# Criteria on the parties of the request: the source (sender) and the destination (receiver).
# Destination criteria also apply to the inner intents of a user operation, so they take the intent.
package rampart.criteria

import data.rampart.context as ctx

parties_holds(kind, a) if {
	kind == "checkDestinationClassification"
	destination_classification_in(a)
} else if {
	kind == "checkDestinationAddress"
	destination_address_in(a)
} else if {
	kind == "checkDestinationId"
	any_in(ctx.request_destination_ids, a)
} else if {
	kind == "checkDestinationAccountType"
	destination_account_type_in(a)
} else if {
	kind == "checkRecipientIsSender"
	request_recipient_is_sender
} else if {
	kind == "checkSourceClassification"
	source_classification_in(a)
} else if {
	kind == "checkSourceAddress"
	source_address_in(a)
} else if {
	kind == "checkSourceId"
	any_in(ctx.request_source_ids, a)
} else if {
	kind == "checkSourceAccountType"
	source_account_type_in(a)
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

# The request's own parties are resolved once (context.request_*); these read them inside their bodies.
any_in(values, allowed) if {
	some value in values
	value in allowed
}

source_address_in(addresses) if ctx.request_source in addresses

source_account_type_in(types) if ctx.request_source_account.accountType in types

source_classification_in(classes) if ctx.request_source_classification in classes

destination_address_in(addresses) if ctx.request_destination in addresses

destination_account_type_in(types) if ctx.request_destination_account.accountType in types

destination_classification_in(classes) if ctx.request_destination_classification in classes

request_recipient_is_sender if ctx.request_destination == ctx.request_source
