# Criteria on ERC-4337 user operations and batches: the EntryPoint, and conditions every inner intent meets.
package rampart.criteria

import data.rampart.context as ctx

user_operation_holds(kind, a) if {
	kind == "checkEntryPointAddress"
	entrypoint_in(a, ctx.request_intent)
} else if {
	kind == "checkUserOperationIntents"
	inner_intents_hold(a, ctx.request_intent)
}

# inner_intents_hold: an empty batch never passes; otherwise every inner intent meets every criterion.
inner_intents_hold(criteria, intent) if {
	count(intent.intents) > 0
	every inner in intent.intents {
		every criterion in criteria {
			inner_holds(criterion, inner)
		}
	}
}

inner_holds(c, intent) if {
	c.criterion == "checkRecipientIsSender"
	recipient_is_sender(intent)
}

inner_holds(c, intent) if {
	c.criterion == "checkIntentType"
	intent_type(c.args, intent)
}

inner_holds(c, intent) if {
	c.criterion == "checkIntentChainId"
	intent_chain_id(c.args, intent)
}

inner_holds(c, intent) if {
	c.criterion == "checkIntentAmount"
	intent_amount(c.args, intent)
}

inner_holds(c, intent) if {
	c.criterion == "checkIntentContract"
	intent_contract(c.args, intent)
}

inner_holds(c, intent) if {
	c.criterion == "checkIntentToken"
	intent_token(c.args, intent)
}

inner_holds(c, intent) if {
	c.criterion == "checkIntentSpender"
	intent_spender(c.args, intent)
}

inner_holds(c, intent) if {
	c.criterion == "checkIntentHexSignature"
	intent_hex_signature(c.args, intent)
}

inner_holds(c, intent) if {
	c.criterion == "checkDestinationAddress"
	destination_address(c.args, intent)
}

inner_holds(c, intent) if {
	c.criterion == "checkDestinationId"
	destination_id(c.args, intent)
}

inner_holds(c, intent) if {
	c.criterion == "checkDestinationClassification"
	destination_classification(c.args, intent)
}

inner_holds(c, intent) if {
	c.criterion == "checkDestinationAccountType"
	destination_account_type(c.args, intent)
}

inner_holds(c, intent) if {
	c.criterion == "checkERC721TokenId"
	erc721_token_id(c.args, intent)
}

inner_holds(c, intent) if {
	c.criterion == "checkERC1155TokenId"
	erc1155_token_id(c.args, intent)
}

inner_holds(c, intent) if {
	c.criterion == "checkPermitDeadline"
	permit_deadline(c.args, intent)
}

entrypoint_in(addresses, intent) if intent.entrypoint in addresses
