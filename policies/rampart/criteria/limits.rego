# Spending and rate limits. The evaluator sums the matching history with exact bigint arithmetic before each
# evaluation (input.limits, keyed by the criterion's key), because WASM numbers cannot hold uint256 sums;
# here the totals are compared with the limits as decimal strings.
package rampart.criteria

import data.rampart.numbers

limits_holds(kind, c) if {
	kind == "checkSpendingLimit"
	within_spending_limit(c)
} else if {
	kind == "checkRateLimit"
	within_rate_limit(c)
}

within_spending_limit(c) if numbers.compare(input.limits[c.k].total, c.a.operator, c.a.limit)

within_rate_limit(c) if numbers.holds(input.limits[c.k].count, c.a.operator, c.a.limit)
