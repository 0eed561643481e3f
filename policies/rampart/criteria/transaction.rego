# Criteria on transaction details: permit deadline, gas fee and nonce.
package rampart.criteria

import data.rampart.context as ctx
import data.rampart.numbers

transaction_holds("checkPermitDeadline", c) if permit_deadline(c.a, ctx.request_intent)

transaction_holds("checkGasFeeAmount", c) if gas_fee(c.a, ctx.request_intent)

transaction_holds("checkNonceExists", _) if ctx.request_intent.nonce

transaction_holds("checkNonceNotExists", _) if not ctx.request_intent.nonce

# permit_deadline reads the permit's deadline, or the Permit2 allowance expiration.
permit_deadline(condition, intent) if numbers.compare(deadline_of(intent), condition.operator, condition.value)

deadline_of(intent) := intent.deadline

deadline_of(intent) := intent.expiration if not intent.deadline

gas_fee(condition, intent) if numbers.compare(intent.gas.maxFee, condition.operator, condition.value)
