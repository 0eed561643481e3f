# Criteria on transaction details: permit deadline, gas fee and nonce.
package rampart.criteria

import data.rampart.context as ctx
import data.rampart.numbers

transaction_holds(kind, a) if {
	kind == "checkPermitDeadline"
	permit_deadline(a, ctx.request_intent)
} else if {
	kind == "checkGasFeeAmount"
	gas_fee(a, ctx.request_intent)
} else if {
	kind == "checkNonceExists"
	ctx.request_intent.nonce
} else if {
	kind == "checkNonceNotExists"
	not ctx.request_intent.nonce
}

# permit_deadline reads the permit's deadline, or the Permit2 allowance expiration.
permit_deadline(condition, intent) if numbers.compare(deadline_of(intent), condition.operator, condition.value)

deadline_of(intent) := intent.deadline if {
	intent.deadline
} else := intent.expiration

gas_fee(condition, intent) if numbers.compare(intent.gas.maxFee, condition.operator, condition.value)
