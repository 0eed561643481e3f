# Criteria on messages and raw payloads: personal_sign text, raw payload and algorithm, typed data.
package rampart.criteria

import data.rampart.context as ctx

signing_holds(kind, a) if {
	kind == "checkIntentMessage"
	message_matches(a, ctx.request_intent)
} else if {
	kind == "checkIntentPayload"
	payload_matches(a)
} else if {
	kind == "checkIntentAlgorithm"
	algorithm_in(a)
} else if {
	kind == "checkIntentDomain"
	domain_matches(a, ctx.request_intent)
} else if {
	kind == "checkIntentTypedDataMessage"
	typed_message_matches(a, ctx.request_intent)
}

text_matches(condition, text) if {
	condition.operator == "equals"
	text == condition.value
}

text_matches(condition, text) if {
	condition.operator == "contains"
	contains(text, condition.value)
}

# payload is the raw payload of signRaw, else the hex of a personal message, lowercase.
payload := lower(input.payload)

payload := ctx.request_intent.messageHex if not input.payload

# domain_matches holds when every field the condition names has one of its values.
domain_matches(condition, intent) if {
	domain := intent.typedData.domain
	every field, allowed in condition {
		domain_field(domain, field) in allowed
	}
}

domain_field(domain, "chainId") := to_number(domain.chainId)

domain_field(domain, "verifyingContract") := lower(domain.verifyingContract)

domain_field(domain, field) := domain[field] if not field in {"chainId", "verifyingContract"}

typed_message_matches(conditions, intent) if {
	message := intent.typedData.message
	every condition in conditions {
		same_value(message[condition.key], condition.value)
	}
}

same_value(a, b) if {
	is_string(a)
	is_string(b)
	lower(a) == lower(b)
}

same_value(a, b) if {
	not is_string(a)
	a == b
}

message_matches(condition, intent) if text_matches(condition, intent.message)

payload_matches(condition) if text_matches(condition, payload)

algorithm_in(algorithms) if input.algorithm in algorithms
