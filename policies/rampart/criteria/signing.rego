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
		domain_field(intent, domain, field) in allowed
	}
}

# The domain's chainId is a uint256 that EIP-712 lets a request write as a number, a decimal or a hex string: it is
# read as the decoder read it into the intent's chainId (and to_number would refuse hex, or abort on a long string).
domain_field(intent, domain, "chainId") := intent.chainId if domain.chainId != null

domain_field(_, domain, "verifyingContract") := lower(domain.verifyingContract)

domain_field(_, domain, field) := domain[field] if not field in {"chainId", "verifyingContract"}

typed_message_matches(conditions, intent) if {
	message := intent.typedData.message
	every condition in conditions {
		same_value(message[condition.key], condition.value)
	}
}

# same_value: strings compare case-insensitively, other values exactly, and an integer by its value whether it is
# written as a number or a decimal string (EIP-712 lets a request write a uint either way).
same_value(a, b) if {
	is_string(a)
	is_string(b)
	lower(a) == lower(b)
} else if {
	not is_string(a)
	a == b
} else if {
	decimal_integer(a) == decimal_integer(b)
}

# decimal_integer is an integer as a canonical decimal string: a number that is an integer, or such a string.
decimal_integer(x) := x if {
	is_string(x)
	canonical_digits(x)
} else := format_int(x, 10) if {
	is_number(x)
	x == floor(x)
}

message_matches(condition, intent) if text_matches(condition, intent.message)

payload_matches(condition) if {
	condition.operator == "equals"
	trim_prefix(payload, "0x") == trim_prefix(condition.value, "0x")
}

payload_matches(condition) if {
	condition.operator == "contains"
	contains_bytes(trim_prefix(payload, "0x"), trim_prefix(condition.value, "0x"))
}

# contains_bytes: hex text holds the bytes of a hex value at a byte boundary: "beef" is in "deadbeef", but not in
# "0deadbeef0", where those digits straddle bytes. The plain search goes first, as almost every payload fails it;
# only then are both split into bytes, in one pass each.
contains_bytes(_, "")

contains_bytes(hex, value) if {
	count(value) % 2 == 0
	contains(hex, value)
	contains(hex_bytes(hex), hex_bytes(value))
}

# hex_bytes writes a hex text's digit pairs between commas: ",de,ad,be,ef,". It reads the digits from one split
# of the text: substring would walk the text from its start for every pair.
hex_bytes(hex) := concat("", [",", concat(",", pairs), ","]) if {
	digits := split(hex, "")
	pairs := [concat("", [digit, digits[i + 1]]) |
		some i, digit in digits
		i % 2 == 0
		i + 1 < count(digits)
	]
}

algorithm_in(algorithms) if input.algorithm in algorithms

# canonical_digits: a non-empty string of digits without a leading zero (a regex would bring RE2 into the WASM).
canonical_digits(x) if {
	x == "0"
} else if {
	x != ""
	not startswith(x, "0")
	trim_left(x, "0123456789") == ""
}
