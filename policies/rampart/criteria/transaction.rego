# Criteria on transaction details: permit deadline, gas fee and nonce.
package rampart.criteria

import data.rampart.context as ctx
import data.rampart.numbers

transaction_holds(kind, a) if {
	kind == "checkPermitDeadline"
	permit_deadline(a, ctx.request_intent)
} else if {
	kind == "anyAllowance:checkPermitDeadline"
	any_permit_deadline(a, ctx.request_intent)
} else if {
	kind == "checkGasFeeAmount"
	gas_fee(a, ctx.request_intent)
} else if {
	kind == "orUnknown:checkGasFeeAmount"
	gas_fee_or_unknown(a, ctx.request_intent)
} else if {
	kind == "checkNonceExists"
	ctx.request_intent.nonce
} else if {
	kind == "checkNonceNotExists"
	not ctx.request_intent.nonce
}

# permit_deadline compares the time bounds of a permit: its deadline (a Permit2 permit's signature deadline), and
# the expiration of the allowance, or of each allowance of a Permit2 batch. Every bound must meet the condition,
# and there must be one; in a forbid (anyAllowance:checkPermitDeadline), one is enough. So an allowance that never
# expires cannot pass for short-lived behind a signature deadline that is.
permit_deadline(condition, intent) if {
	bounds := time_bounds(intent)
	count(bounds) > 0
	every bound in bounds {
		numbers.compare(bound, condition.operator, condition.value)
	}
}

any_permit_deadline(condition, intent) if {
	some bound in time_bounds(intent)
	numbers.compare(bound, condition.operator, condition.value)
}

time_bounds(intent) := array.concat(
	array.concat([deadline | deadline := intent.deadline], [expiration | expiration := intent.expiration]),
	[allowance.expiration | some allowance in several_allowances(intent)],
)

gas_fee(condition, intent) if numbers.compare(intent.gas.maxFee, condition.operator, condition.value)

# gas_fee_or_unknown is checkGasFeeAmount in a forbid (orUnknown:checkGasFeeAmount): it also holds when the request
# pays gas (a transaction or a user operation, sent or signed as typed data) and its maximum fee cannot be known,
# for want of a gas limit or a fee per gas. A gas forbid fails closed; a permit still needs the fee known.
# Messages, other typed data and raw signatures pay no gas and never meet it.
gas_fee_or_unknown(condition, intent) if {
	gas_fee(condition, intent)
} else if {
	fee_unknown(intent)
}

# fee_unknown: the request pays gas, and its intent carries no maximum fee.
fee_unknown(intent) if {
	pays_gas
	not intent.gas.maxFee
}

pays_gas if input.action == "signTransaction"

pays_gas if input.action == "signUserOperation"

# A user operation signed as EIP-712 typed data (EntryPoint v0.8 hashes a PackedUserOperation so) pays gas as one
# sent to a bundler does: the signature is all its bundler needs.
pays_gas if {
	input.action == "signTypedData"
	ctx.request_intent.type == "userOperation"
}
