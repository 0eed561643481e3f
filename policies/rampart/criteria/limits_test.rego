package rampart.criteria.limits_test

import data.rampart.testing as t

daily := {"limit": "5000000000", "operator": "lte", "window": {"type": "fixed", "period": "day"}}

# The evaluator puts the exact totals of the window in input.limits under the criterion's key.
with_totals(total, n) := object.union(t.request, {"limits": {"org/0/0": [total, n]}})

test_spending_limit if {
	t.holds({"criterion": "checkSpendingLimit", "args": daily}, with_totals("5000000000", 1))
	not t.holds({"criterion": "checkSpendingLimit", "args": daily}, with_totals("5000000001", 1))
	beyond := "115792089237316195423570985008687907853269984665640564039457584007913129639935"
	not t.holds({"criterion": "checkSpendingLimit", "args": daily}, with_totals(beyond, 1))
}

test_spending_limit_without_totals_never_holds if {
	not t.holds({"criterion": "checkSpendingLimit", "args": daily}, t.request)
	not t.holds({"criterion": "checkSpendingLimit", "args": object.union(daily, {"operator": "gt"})}, t.request)
}

test_rate_limit if {
	hourly := {"limit": 3, "operator": "lte", "window": {"type": "rolling", "seconds": 3600}}
	t.holds({"criterion": "checkRateLimit", "args": hourly}, with_totals("1", 3))
	not t.holds({"criterion": "checkRateLimit", "args": hourly}, with_totals("1", 4))
	t.holds({"criterion": "checkRateLimit", "args": object.union(hourly, {"operator": "gt"})}, with_totals("1", 4))
}
