# Spending and rate limits. The evaluator sums the matching history with exact bigint arithmetic before each
# evaluation (input.limits, keyed by the criterion's key, as [total, count]), because WASM numbers cannot hold
# uint256 sums; here the totals are compared with the limits as decimal strings.
package rampart.criteria

import data.rampart.numbers

limits_holds(kind, a) if {
	kind == "checkSpendingLimit"
	within_spending_limit(a)
} else if {
	kind == "checkRateLimit"
	within_rate_limit(a)
}

within_spending_limit(a) if numbers.compare(input.limits[a.key][0], a.operator, a.limit)

within_rate_limit(a) if numbers.holds(input.limits[a.key][1], a.operator, a.limit)
