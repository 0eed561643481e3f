# Criteria on the decoded intent. Each takes the intent, so user-operation criteria reuse them on inner intents.
package rampart.criteria

import data.rampart.context as ctx
import data.rampart.numbers

intent_fails contains [set, c.p] if {
	some set, bucket in ctx.buckets
	some c in bucket.checkIntentType
	not intent_type(c.a, ctx.request_intent)
}

intent_fails contains [set, c.p] if {
	some set, bucket in ctx.buckets
	some c in bucket.checkIntentChainId
	not intent_chain_id(c.a, ctx.request_intent)
}

intent_fails contains [set, c.p] if {
	some set, bucket in ctx.buckets
	some c in bucket.checkIntentAmount
	not intent_amount(c.a, ctx.request_intent)
}

intent_fails contains [set, c.p] if {
	some set, bucket in ctx.buckets
	some c in bucket.checkIntentContract
	not intent_contract(c.a, ctx.request_intent)
}

intent_fails contains [set, c.p] if {
	some set, bucket in ctx.buckets
	some c in bucket.checkIntentToken
	not intent_token(c.a, ctx.request_intent)
}

intent_fails contains [set, c.p] if {
	some set, bucket in ctx.buckets
	some c in bucket.checkIntentSpender
	not intent_spender(c.a, ctx.request_intent)
}

intent_fails contains [set, c.p] if {
	some set, bucket in ctx.buckets
	some c in bucket.checkIntentHexSignature
	not intent_hex_signature(c.a, ctx.request_intent)
}

intent_type(types, intent) if intent.type in types

intent_chain_id(chains, intent) if intent.chainId in chains

intent_contract(contracts, intent) if intent.contract in contracts

intent_token(tokens, intent) if intent.token in tokens

intent_spender(spenders, intent) if intent.spender in spenders

intent_hex_signature(signatures, intent) if intent.hexSignature in signatures

# intent_amount compares the amount moved (the native value when the intent has no token amount).
intent_amount(condition, intent) if {
	numbers.compare_token_units(amount_of(intent), condition.operator, condition.value, decimals_for(condition, intent))
}

amount_of(intent) := intent.amount

amount_of(intent) := intent.value if not intent.amount

decimals_for(condition, _) := 0 if condition.unit == "base"

decimals_for(condition, intent) := ctx.entities.decimals[intent.token] if condition.unit == "token"
