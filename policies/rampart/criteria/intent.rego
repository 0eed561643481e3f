# Criteria on the decoded intent. Each takes the intent, so user-operation criteria reuse them on inner intents.
package rampart.criteria

import data.rampart.context as ctx
import data.rampart.numbers

intent_holds(kind, a) if {
	kind == "checkIntentAmount"
	intent_amount(a, ctx.request_intent)
} else if {
	kind == "checkIntentToken"
	intent_token(a, ctx.request_intent)
} else if {
	kind == "anyAllowance:checkIntentAmount"
	any_allowance_amount(a, ctx.request_intent)
} else if {
	kind == "anyAllowance:checkIntentToken"
	any_allowance_token(a, ctx.request_intent)
} else if {
	kind == "checkIntentContract"
	intent_contract(a, ctx.request_intent)
} else if {
	kind == "checkIntentSpender"
	intent_spender(a, ctx.request_intent)
} else if {
	kind == "checkIntentChainId"
	intent_chain_id(a, ctx.request_intent)
} else if {
	kind == "checkIntentHexSignature"
	intent_hex_signature(a, ctx.request_intent)
} else if {
	kind == "checkIntentType"
	intent_type(a, ctx.request_intent)
} else if {
	kind == "checkIntentFlags"
	intent_flags(a, ctx.request_intent)
}

intent_type(types, intent) if intent.type in types

intent_chain_id(chains, intent) if intent.chainId in chains

intent_contract(contracts, intent) if intent.contract in contracts

intent_token(tokens, intent) if {
	intent.token in tokens
} else if {
	every allowance in several_allowances(intent) {
		allowance.token in tokens
	}
}

intent_spender(spenders, intent) if intent.spender in spenders

intent_hex_signature(signatures, intent) if intent.hexSignature in signatures

# intent_flags: the intent carries one of the warning flags listed. The decoder sets a flag on the intent it concerns
# (a call made by delegatecall) and on every batch, user operation, Safe transaction or Universal Router plan around it.
intent_flags(flags, intent) if {
	some flag in intent.flags
	flag in flags
}

# intent_amount compares the amount moved (the native value when the intent has no token amount). The evaluator
# states each condition in base units: once for a base-unit condition, and per token for a token-unit one,
# using the token's decimals; `native` serves the chain's native currency (18 decimals).
intent_amount(condition, intent) if {
	not several_allowances(intent)
	base := amount_condition(condition, intent)
	numbers.compare(amount_of(intent), base.operator, base.value)
} else if {
	every allowance in several_allowances(intent) {
		allowance_amount(condition, allowance)
	}
}

# A Permit2 batch grants several allowances at once (or, signed as a batch transfer, lets a spender move several
# tokens once) and names no single token or amount: its token and amount criteria judge each allowance (transfer).
# So does an ERC-1155 batch transfer, even of one, whose amounts are only in its transfers (its own amount would be
# the call's value, nothing). In a permit, every allowance must meet the criterion; in a forbid (where the evaluator
# names the criterion anyAllowance:<criterion>), one is enough. So no allowance escapes a forbid, and none rides
# along with the others into a permit.
several_allowances(intent) := intent.approvals if {
	count(intent.approvals) > 1
} else := intent.transfers if {
	intent.type == "permit2Transfer"
	count(intent.transfers) > 1
} else := intent.transfers if {
	intent.type == "erc1155BatchTransfer"
	count(intent.transfers) > 0
}

allowance_amount(condition, allowance) if {
	base := amount_condition(condition, allowance)
	numbers.compare(allowance.amount, base.operator, base.value)
}

any_allowance_amount(condition, intent) if {
	intent_amount(condition, intent)
} else if {
	some allowance in several_allowances(intent)
	allowance_amount(condition, allowance)
}

any_allowance_token(tokens, intent) if {
	intent.token in tokens
} else if {
	some allowance in several_allowances(intent)
	allowance.token in tokens
}

amount_of(intent) := intent.amount if {
	intent.amount
} else := intent.value

# A condition in a currency (condition.fiat) is stated by the evaluator for each request, at its prices, in base
# units per token as a token-unit condition is (input.fiat): a missing statement leaves the amount unknown.
amount_condition(condition, intent) := base if {
	condition.fiat
	base := stated_amount_condition(input.fiat[condition.fiat], intent)
} else := base if {
	not condition.fiat
	base := stated_amount_condition(condition, intent)
}

stated_amount_condition(condition, intent) := base if {
	base := condition.base
} else := by_token if {
	by_token := condition.byToken[intent.token]
} else := condition.native if {
	endswith(intent.token, "/slip44:60")
} else := condition.native if {
	not intent.token
	intent.value
}
