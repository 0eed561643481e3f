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
}

intent_type(types, intent) if intent.type in types

intent_chain_id(chains, intent) if intent.chainId in chains

intent_contract(contracts, intent) if intent.contract in contracts

intent_token(tokens, intent) if intent.token in tokens

intent_spender(spenders, intent) if intent.spender in spenders

intent_hex_signature(signatures, intent) if intent.hexSignature in signatures

# intent_amount compares the amount moved (the native value when the intent has no token amount). The evaluator
# states each condition in base units: once for a base-unit condition, and per token for a token-unit one,
# using the token's decimals; `native` serves the chain's native currency (18 decimals).
intent_amount(condition, intent) if {
	base := amount_condition(condition, intent)
	numbers.compare(amount_of(intent), base.operator, base.value)
}

amount_of(intent) := intent.amount if {
	intent.amount
} else := intent.value

amount_condition(condition, intent) := base if {
	base := condition.base
} else := by_token if {
	by_token := condition.byToken[intent.token]
} else := condition.native if {
	endswith(intent.token, "/slip44:60")
} else := condition.native if {
	not intent.token
	intent.value
}
