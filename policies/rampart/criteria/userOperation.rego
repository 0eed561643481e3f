# Criteria on ERC-4337 user operations and batches: the EntryPoint, and conditions every inner intent meets.
package rampart.criteria

import data.rampart.context as ctx

user_operation_holds(kind, a) if {
	kind == "checkEntryPointAddress"
	entrypoint_in(a, ctx.request_intent)
} else if {
	kind == "checkEntryPointClassification"
	entrypoint_classification_in(a, ctx.request_intent)
} else if {
	kind == "checkEntryPointId"
	entrypoint_id_in(a, ctx.request_intent)
} else if {
	kind == "checkEntryPointAccountType"
	entrypoint_account_type_in(a, ctx.request_intent)
} else if {
	kind == "checkUserOperationIntents"
	inner_intents_hold(a, ctx.request_intent)
} else if {
	kind == "someCall"
	some_call_holds(a, ctx.request_intent)
}

# some_call_holds: one call inside a batch or user operation, at any depth, meets every criterion. The evaluator
# files each forbid that speaks of what a call does (its type, token, amount, destination...) under batches and
# user operations once more, with those criteria as someCall: wrapping a call in a batch must not escape a forbid
# that the call alone meets.
some_call_holds(criteria, intent) if {
	nested := nested_intents(intent)
	some path, inner in nested
	not inner.type in containers
	inside_containers_only(nested, path)
	every criterion in criteria {
		inner_holds(criterion, inner)
	}
}

# inner_intents_hold: an empty batch never passes; otherwise every call meets the criteria (call_meets). The calls are the
# inner intents at any depth: a decoded user operation wraps its calls in the account's own batch (execute,
# executeBatch), a handleOps transaction wraps user operations, and a Safe MultiSend can hold another. A batch or
# user operation on the way is a container, judged by its calls, and one without calls never passes either. Any
# other intent (a swap that sums up its steps) is one call, judged as a whole.
inner_intents_hold(criteria, intent) if {
	count(intent.intents) > 0
	nested := nested_intents(intent)
	every path, inner in nested {
		nested_holds(criteria, nested, path, inner)
	}
}

# nested_intents are the intents inside an intent at every depth, by path: the values under intents, intents'
# intents... (the path alternates array indexes and "intents", so nothing inside a call, such as typed data, is
# taken).
nested_intents(intent) := {path: inner |
	walk(intent.intents, [path, inner])
	count(path) % 2 == 1
	count([step | some k, step in path; k % 2 == 1; step != "intents"]) == 0
}

containers := {"batch", "userOperation"}

# nested_holds: a step inside a call is judged with its call; a container needs calls; a call meets every criterion.
nested_holds(criteria, nested, path, inner) if {
	not inside_containers_only(nested, path)
} else if {
	inner.type in containers
	count(inner.intents) > 0
} else if {
	not inner.type in containers
	call_meets(criteria, inner)
}

# call_meets: a call meets the criteria checkUserOperationIntents puts on each call: a list (every criterion holds),
# or condition sets grouped per call type ({anyOf: [{types, when}]}): the call's type is one of a set's types and
# every criterion of that set holds, so a call of any other type meets none.
call_meets(criteria, inner) if {
	is_array(criteria)
	every criterion in criteria {
		inner_holds(criterion, inner)
	}
} else if {
	some set in criteria.anyOf
	inner.type in set.types
	every criterion in set.when {
		inner_holds(criterion, inner)
	}
}

# inside_containers_only: every intent enclosing the one at path (each at an odd-length prefix) is a container.
inside_containers_only(nested, path) if {
	every k in numbers.range(1, count(path)) {
		encloses_as_container(nested, path, k)
	}
}

encloses_as_container(nested, path, k) if {
	k >= count(path)
} else if {
	k % 2 == 0
} else if {
	nested[array.slice(path, 0, k)].type in containers
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

# In a forbid, the evaluator names the calls' amount, token, NFT token id and deadline criteria
# anyAllowance:<criterion>: one allowance of a Permit2 batch call, one transfer moving the token id, or one time
# bound of a permit, is enough, as at the top level.
inner_holds(c, intent) if {
	c.criterion == "anyAllowance:checkIntentAmount"
	any_allowance_amount(c.args, intent)
}

inner_holds(c, intent) if {
	c.criterion == "anyAllowance:checkIntentToken"
	any_allowance_token(c.args, intent)
}

inner_holds(c, intent) if {
	c.criterion == "anyAllowance:checkERC1155TokenId"
	any_erc1155_token_id(c.args, intent)
}

inner_holds(c, intent) if {
	c.criterion == "anyAllowance:checkERC721TokenId"
	any_erc721_token_id(c.args, intent)
}

inner_holds(c, intent) if {
	c.criterion == "anyAllowance:checkPermitDeadline"
	any_permit_deadline(c.args, intent)
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
	c.criterion == "checkIntentFlags"
	intent_flags(c.args, intent)
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

# The EntryPoint as the organization knows it, on the intent's chain, as the source and destination are known: its
# address-book classification (an organization account absent from the address book is managed), the ids of its
# account or address-book entry, and the type of its account. An EntryPoint the entities do not know meets none.
entrypoint_classification_in(classes, intent) if ctx.classification(ctx.intent_chain(intent), intent.entrypoint) in classes

entrypoint_id_in(ids, intent) if {
	some id in ctx.party_ids(ctx.intent_chain(intent), intent.entrypoint)
	id in ids
}

entrypoint_account_type_in(types, intent) if ctx.account_at(ctx.intent_chain(intent), intent.entrypoint).accountType in types
